"""A real MCP client (PyPI's `mcp`) against `ohk mcp` (stdio) and `/mcp` in `ohk serve` (streamable HTTP).

Run by scripts/ci/check-mcp.sh, which imports a real export and starts the server. Lists the tools, then checks the
`statistics`, `sleep` and `workouts` tools against `ohk stats`, `ohk sleep` and `ohk workouts --format json` for the
same period; over HTTP, a client without read access sees no data.
"""

import asyncio
import json
import subprocess
import sys

import httpx2
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

OHK, STORE, TZ, FIRST, LAST, END, PORT, FULL_TOKEN, NONE_TOKEN = sys.argv[1:10]
TOOLS = {"list_types", "statistics", "compare_periods", "samples", "sleep", "workouts", "route", "vitals", "trends"}
failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL  " + message)


def ohk(*arguments):
    """An ohk command's JSON output on the local store."""
    output = subprocess.run(
        [OHK, *arguments, "--store", STORE, "--tz", TZ, "--format", "json"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(output)


def answer(result, label):
    """A tool's structured content (or the JSON after the summary in its text)."""
    expect(not result.is_error, f"{label}: a tool error: {result.content}")
    if result.structured_content is not None:
        return result.structured_content
    text = result.content[0].text
    return json.loads(text[text.index("\n\n") + 2 :])


PERIOD = {"from": FIRST, "to": LAST, "timeZone": TZ}


async def check(session, label, sees_data=True):
    failed_before = len(failures)
    await session.initialize()
    tools = {tool.name for tool in (await session.list_tools()).tools}
    expect(tools == TOOLS, f"{label}: tools {sorted(tools)}")

    statistics = answer(
        await session.call_tool("statistics", {"type": "stepCount", "interval": "1d", **PERIOD}), f"{label} statistics"
    )
    size = len(json.dumps(statistics))
    tool_days = {bucket["date"]: bucket["sum"] for bucket in statistics["buckets"]}
    expect(statistics["timeZone"] == TZ, f"{label}: statistics names the time zone ({statistics['timeZone']})")
    if sees_data:
        cli = ohk("stats", "stepCount", "--from", FIRST, "--to", END, "--interval", "1d")
        cli_days = {row["start"][:10]: row["sum"] for row in cli["statistics"]}
        expect(set(tool_days) == set(cli_days), f"{label}: statistics days differ from ohk stats")
        differing = [
            day
            for day in cli_days
            if (cli_days[day] is None) != (tool_days.get(day) is None)
            or (cli_days[day] is not None and abs(cli_days[day] - tool_days[day]) > 0.5)
        ]
        expect(not differing, f"{label}: statistics differ from ohk stats on {differing[:5]}")
        expect(any(value for value in tool_days.values()), f"{label}: statistics found steps")
        total = f"{sum(v or 0 for v in tool_days.values()):.0f} steps (ohk stats: {sum(v or 0 for v in cli_days.values()):.0f})"
    else:
        expect(all(value is None for value in tool_days.values()), f"{label}: a client without read access sees steps")
        total = "no steps"

    sleep = answer(await session.call_tool("sleep", PERIOD), f"{label} sleep")
    tool_nights = [(night["night"], night["kind"], night["asleep"], night["in_bed"]) for night in sleep["nights"]]
    if sees_data:
        cli = ohk("sleep", "--from", FIRST, "--to", END)
        cli_nights = [(night["night"], night["kind"], night["asleep"], night["in_bed"]) for night in cli["nights"]]
        expect(tool_nights == cli_nights, f"{label}: sleep nights differ from ohk sleep")
        expect(len(tool_nights) > 0, f"{label}: sleep found nights")
    else:
        expect(tool_nights == [], f"{label}: a client without read access sees nights")

    workouts = answer(await session.call_tool("workouts", {**PERIOD, "limit": 100}), f"{label} workouts")
    tool_workouts = [(w["uuid"], w["activity"], w["duration"], w["distance"], w["energy"]) for w in workouts["workouts"]]
    if sees_data:
        cli = ohk("workouts", "--from", FIRST, "--to", END)
        cli_workouts = [(w["uuid"], w["activity"], w["duration"], w["distance"], w["energy"]) for w in cli]
        expect(tool_workouts == cli_workouts, f"{label}: workouts differ from ohk workouts")
        expect(len(tool_workouts) > 0, f"{label}: workouts found some")
    else:
        expect(tool_workouts == [], f"{label}: a client without read access sees workouts")

    refused = await session.call_tool("statistics", {"type": "stepz"})
    expect(refused.is_error and "type" in refused.content[0].text, f"{label}: an unknown type is a tool error naming type")
    print(
        ("ok    " if len(failures) == failed_before else "FAIL  ")
        + f"{label}: {len(tools)} tools; {len(tool_days)} days, {total} ({size} bytes), {len(tool_nights)} nights,"
        f" {len(tool_workouts)} workouts{' as ohk stats, sleep and workouts give them' if sees_data else ', all empty'}"
    )


async def over_stdio():
    parameters = StdioServerParameters(command=OHK, args=["mcp", "--store", STORE, "--tz", TZ])
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            await check(session, "ohk mcp (stdio)")


async def over_http(token, label, sees_data):
    client = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60)
    async with client:
        async with streamable_http_client(f"http://127.0.0.1:{PORT}/mcp", http_client=client) as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                await check(session, label, sees_data)


async def main():
    await over_stdio()
    await over_http(FULL_TOKEN, "ohk serve /mcp, an app reading everything", True)
    await over_http(NONE_TOKEN, "ohk serve /mcp, an app that may read nothing", False)


asyncio.run(main())
sys.exit(1 if failures else 0)
