"""Step samples for the load scripts (scripts/bench/load-server.sh, scripts/bench/load-servers-postgres.sh).

  batch FILE         writes one POST /samples body of 1,000 one-minute step samples over 2024-03-10 (no uuids: each
                     request saves 1,000 new samples)
  wrk FILE BATCH TOKEN   writes a wrk script posting the BATCH file's body with the token (GET when BATCH is -)
  seed URL TOKEN     saves a year of steps through a server, 2023-03-11 to 2024-03-10, a sample every 15 minutes
                     (35,136 samples), in batches of 1,000
"""
import datetime, json, sys, urllib.request


def batch(path):
    samples = [{"type": "stepCount", "startDate": f"2024-03-10T{m // 60:02d}:{m % 60:02d}:00-08:00",
                "endDate": f"2024-03-10T{m // 60:02d}:{m % 60:02d}:30-08:00", "value": 10 + m % 7, "unit": "count"} for m in range(1000)]
    json.dump({"samples": samples}, open(path, "w"))


def wrk(path, body, token):
    lines = [f'wrk.headers["Authorization"] = "Bearer {token}"']
    if body != "-":
        lines = ['wrk.method = "POST"', 'wrk.headers["Content-Type"] = "application/json"'] + lines
        lines.append(f"wrk.body = {json.dumps(open(body).read())}")
    open(path, "w").write("\n".join(lines) + "\n")


def seed(url, token):
    start = datetime.datetime(2023, 3, 11, tzinfo=datetime.timezone.utc)
    samples = []

    def post(batch):
        request = urllib.request.Request(url + "/samples", data=json.dumps({"samples": batch}).encode(), method="POST",
                                         headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=60).read()

    for index in range(366 * 96):
        begin = start + datetime.timedelta(minutes=15 * index)
        samples.append({"type": "stepCount", "startDate": begin.isoformat(), "endDate": (begin + datetime.timedelta(minutes=10)).isoformat(),
                        "value": (index * 37) % 300, "unit": "count"})
        if len(samples) == 1000:
            post(samples)
            samples = []
    if samples:
        post(samples)
    print(f"seeded {366 * 96} samples for the statistics", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:2] == ["batch"]:
        batch(sys.argv[2])
    elif sys.argv[1:2] == ["wrk"]:
        wrk(sys.argv[2], sys.argv[3], sys.argv[4])
    elif sys.argv[1:2] == ["seed"]:
        seed(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
