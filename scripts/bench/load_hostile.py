"""Clients for scripts/bench/load-hostile.sh (only ever against 127.0.0.1).

  seed PORT TOKEN            saves 40 days of steps (2024-03-01 to 2024-04-10, one sample every 10 minutes)
  normal PORT TOKEN SECONDS [FILE]
                             a normal app for SECONDS: day statistics (hourly buckets of one day), a page of 100
                             samples, and a one-sample save, in turn, 10 requests a second; prints
                             `requests N p50 MS p99 MS refused N` (refused: any answer that is not 2xx); appends each
                             latency to FILE when given
  pooled FILE                the same figures over every latency in FILE
  flood PORT TOKEN SECONDS THREADS
                             a hostile app: THREADS connections, each in a loop as fast as answers come: statistics by
                             the second over 40 days, by the minute over 13 days (under the bucket limit, so computed),
                             a body declaring 1 GiB, and a chunked body of 9 MiB; prints answers by status
"""
import http.client, json, socket, sys, threading, time
from collections import Counter


def connect(port):
    return http.client.HTTPConnection("127.0.0.1", int(port), timeout=120)


def request(connection, method, path, token, body=None, headers=None):
    all_headers = {"Authorization": "Bearer " + token}
    if body is not None:
        all_headers["Content-Type"] = "application/json"
    all_headers.update(headers or {})
    connection.request(method, path, body=body, headers=all_headers)
    response = connection.getresponse()
    response.read()
    return response.status


def seed(port, token):
    connection = connect(port)
    samples = []
    start = 1709251200  # 2024-03-01T00:00:00Z
    for index in range(40 * 144):
        begin = start + 600 * index
        samples.append({"type": "stepCount", "value": (index * 37) % 300, "unit": "count",
                        "startDate": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(begin)),
                        "endDate": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(begin + 300))})
    for offset in range(0, len(samples), 1000):
        status = request(connection, "POST", "/samples", token, json.dumps({"samples": samples[offset:offset + 1000]}))
        if status != 201:
            sys.exit(f"seed: POST /samples answered {status}")
        time.sleep(0.2)


def normal(port, token, seconds, record=None):
    connection = connect(port)
    latencies, refused = [], 0
    day = 0
    end = time.monotonic() + float(seconds)
    counter = 0
    while time.monotonic() < end:
        began = time.monotonic()
        kind = counter % 3
        counter += 1
        if kind == 0:
            day = (day + 1) % 40
            path = (f"/statistics/collection?type=stepCount&interval=1h&startDate=2024-03-{1 + day % 28:02d}T00:00:00Z"
                    f"&endDate=2024-03-{2 + day % 28:02d}T00:00:00Z")
            status = request(connection, "GET", path, token)
        elif kind == 1:
            status = request(connection, "GET", "/samples?type=stepCount&startDate=2024-03-05&endDate=2024-03-06&limit=100", token)
        else:
            moment = 1712707200 + counter * 60  # after the seeded days
            sample = {"type": "stepCount", "value": 5, "unit": "count",
                      "startDate": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(moment)),
                      "endDate": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(moment + 30))}
            status = request(connection, "POST", "/samples", token, json.dumps({"samples": [sample]}))
        elapsed = time.monotonic() - began
        latencies.append(elapsed * 1000)
        if not 200 <= status < 300:
            refused += 1
        time.sleep(max(0.0, 0.1 - elapsed))
    if record:
        with open(record, "a") as file:
            file.write("".join(f"{latency:.3f}\n" for latency in latencies))
    print(summary(latencies) + f" refused {refused}")


def summary(latencies):
    latencies = sorted(latencies)
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    return f"requests {len(latencies)} p50 {pick(0.50):.1f} p99 {pick(0.99):.1f}"


def pooled(path):
    print(summary([float(line) for line in open(path)]))


def flood(port, token, seconds, threads):
    statuses = Counter()
    lock = threading.Lock()
    end = time.monotonic() + float(seconds)

    def huge_declared(port):
        # A head declaring 1 GiB, then the first 64 KiB: the server answers at once and closes.
        with socket.create_connection(("127.0.0.1", int(port)), timeout=30) as raw:
            raw.sendall((f"POST /samples HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                         "Content-Type: application/json\r\nContent-Length: 1073741824\r\n\r\n").encode())
            try:
                raw.sendall(b"x" * 65536)
            except OSError:
                pass
            answer = raw.recv(64)
            return int(answer.split()[1]) if answer.startswith(b"HTTP/1.1") else 0

    def chunked(connection):
        chunk = b"[" + b" " * (1024 * 1024 - 2) + b"]"
        connection.putrequest("POST", "/samples")
        connection.putheader("Authorization", "Bearer " + token)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        try:
            for _ in range(9):
                connection.send(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            connection.send(b"0\r\n\r\n")
        except OSError:
            pass
        response = connection.getresponse()
        response.read()
        return response.status

    def worker(number):
        connection = connect(port)
        step = number
        while time.monotonic() < end:
            kind = step % 4
            step += 1
            try:
                if kind == 0:
                    status = request(connection, "GET", "/statistics/collection?type=stepCount&interval=1s"
                                     "&startDate=2024-03-01T00:00:00Z&endDate=2024-04-10T00:00:00Z", token)
                elif kind == 1:
                    status = request(connection, "GET", "/statistics/collection?type=stepCount&interval=1min"
                                     "&startDate=2024-03-01T00:00:00Z&endDate=2024-03-14T00:00:00Z&bySource=true", token)
                elif kind == 2:
                    status = huge_declared(port)
                else:
                    status = chunked(connection)
            except (OSError, http.client.HTTPException):
                status = "dropped"
                connection.close()
                connection = connect(port)
            with lock:
                statuses[status] += 1

    workers = [threading.Thread(target=worker, args=(number,)) for number in range(int(threads))]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    print("flood answers: " + ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items(), key=lambda item: str(item[0]))))


if __name__ == "__main__":
    {"seed": seed, "normal": normal, "flood": flood, "pooled": pooled}[sys.argv[1]](*sys.argv[2:])
