"""Schemathesis hooks for scripts/ci/check-contract.sh (loaded through SCHEMATHESIS_HOOKS=contract_hooks).

Two operations wait by design: `GET /observe` streams events until its `timeout` (0 or absent: never ends), and
`GET /changes` long-polls up to `wait` seconds when nothing is new. A generated case that would keep the connection
open is given a one-second bound instead, so that every response ends and is checked; values the document forbids
(negative numbers, text, numbers above the maximum) are left as generated, so the server's refusal of them is still
checked.
"""

import schemathesis


def _whole_number(value):
    """The value as a non-negative whole number when it is one (as generated: int or text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    return None


@schemathesis.hook
def before_call(context, case, kwargs):
    # before_call, not map_case: it also sees the cases of the examples phase, which map_case does not.
    if case.method.upper() != "GET" or case.operation.path not in ("/observe", "/changes"):
        return
    query = dict(case.query) if isinstance(case.query, dict) else {}
    if case.operation.path == "/observe":
        # Absent, or a whole number of seconds the server accepts (0: forever; at most a day): one second. Above a
        # day is refused at once (400).
        timeout = _whole_number(query.get("timeout"))
        if "timeout" not in query or (timeout is not None and timeout <= 86400):
            query["timeout"] = 1
    else:
        # A wait the server accepts (at most 60 s): one second at most; above 60 is refused at once (400).
        wait = _whole_number(query.get("wait"))
        if wait is not None and 1 < wait <= 60:
            query["wait"] = 1
    case.query = query
