"""Writers, anchored readers and the check of scripts/ci/check-postgres-servers.sh (one process each).

  writer OUT ID BATCHES SIZE TOKEN URL...   saves BATCHES batches of SIZE new step samples, alternating servers, and
                                            deletes some of its own through the other server; writes what it did
  reader OUT ID DONE TOKEN URL...           follows /changes from anchor 0 with random page sizes and long-polls,
                                            alternating servers page by page, until DONE exists and a page is empty
  verify DIR                                every reader saw every change exactly once (exit 1 otherwise)
  refused TOKEN URL...                      every server answers the token with 401 (exit 1 otherwise)
"""
import glob, json, os, random, sys, time, urllib.error, urllib.request


def call(method, url, token, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def writer(out, ident, batches, size, token, urls):
    saved, deleted = [], []
    for batch in range(batches):
        samples = []
        for index in range(size):
            minute = (ident * batches + batch) * size + index
            day, rest = divmod(minute, 1440)
            start = f"2024-{1 + day // 28:02d}-{1 + day % 28:02d}T{rest // 60:02d}:{rest % 60:02d}:00Z"
            # No uuids: a client that is not full access gets them from the server ("saved" in the answer).
            samples.append({"type": "stepCount", "startDate": start, "endDate": start, "value": 1 + index % 9, "unit": "count"})
        answer = call("POST", urls[(ident + batch) % len(urls)] + "/samples", token, {"samples": samples})
        saved += answer["saved"]
        if batch % 3 == 2:
            victims = random.sample([u for u in saved if u not in deleted], 2)
            call("DELETE", urls[(ident + batch + 1) % len(urls)] + "/samples", token, {"uuids": victims})
            deleted += victims
        time.sleep(random.uniform(0, 0.02))
    json.dump({"saved": saved, "deleted": deleted}, open(out, "w"))


def reader(out, ident, done, token, urls):
    anchor, page, events, anchors = 0, 0, [], []
    while True:
        finished = os.path.exists(done)
        limit = random.randint(1, 40)
        answer = call("GET", f"{urls[(ident + page) % len(urls)]}/changes?type=stepCount&anchor={anchor}&limit={limit}&wait=1", token)
        page += 1
        events += [("insert", s["uuid"]) for s in answer["samples"]] + [("delete", d["uuid"]) for d in answer["deletions"]]
        if answer["anchor"] < anchor:
            raise SystemExit(f"reader {ident}: the anchor went back from {anchor} to {answer['anchor']}")
        anchor = answer["anchor"]
        anchors.append(anchor)
        if finished and not answer["samples"] and not answer["deletions"]:
            break
    json.dump({"events": events, "anchor": anchor, "pages": page}, open(out, "w"))


def verify(folder):
    saved, deleted = [], []
    for path in sorted(glob.glob(os.path.join(folder, "writer-*.json"))):
        written = json.load(open(path))
        saved += written["saved"]
        deleted += written["deleted"]
    saved_set, deleted_set = set(saved), set(deleted)
    assert len(saved_set) == len(saved) and len(deleted_set) == len(deleted)
    changes = len(saved) + len(deleted)
    failures = []
    readers = sorted(glob.glob(os.path.join(folder, "reader-*.json")))
    for path in readers:
        read = json.load(open(path))
        inserts = [u for kind, u in read["events"] if kind == "insert"]
        deletes = [u for kind, u in read["events"] if kind == "delete"]
        name = os.path.basename(path)
        problems = []
        if len(set(inserts)) != len(inserts): problems.append(f"{len(inserts) - len(set(inserts))} insertions seen twice")
        if len(set(deletes)) != len(deletes): problems.append(f"{len(deletes) - len(set(deletes))} deletions seen twice")
        if not set(inserts) <= saved_set: problems.append("insertions of samples nobody saved")
        if set(deletes) != deleted_set: problems.append(f"deletions: {len(deleted_set - set(deletes))} missed, {len(set(deletes) - deleted_set)} unknown")
        missing = saved_set - deleted_set - set(inserts)
        if missing: problems.append(f"{len(missing)} stored samples never seen")
        position = {tuple(event): index for index, event in enumerate(read["events"])}
        if any(position[("insert", u)] > position[("delete", u)] for u in set(inserts) & set(deletes)):
            problems.append("a deletion seen before its insertion")
        if read["anchor"] != changes: problems.append(f"final anchor {read['anchor']}, {changes} changes made")
        print(f"{name}: {read['pages']} pages, {len(inserts)} insertions, {len(deletes)} deletions, anchor {read['anchor']}"
              + ("" if not problems else " -- " + "; ".join(problems)))
        failures += problems
    print(f"{len(saved)} samples saved, {len(deleted)} deleted ({changes} changes) by {len(glob.glob(os.path.join(folder, 'writer-*.json')))} writers;"
          f" {len(readers)} readers: " + ("every change seen exactly once by every reader" if not failures else "FAILED"))
    return 1 if failures or not readers else 0


def refused(token, urls):
    for url in urls:
        try:
            call("GET", url + "/changes?type=stepCount", token)
            status = 200
        except urllib.error.HTTPError as error:
            status = error.code
        if status != 401:
            print(f"{url} answered a revoked token with {status}")
            return 1
    print(f"the revoked token is refused by all {len(urls)} servers")
    return 0


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "writer":
        writer(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], sys.argv[7:])
    elif mode == "reader":
        reader(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6:])
    elif mode == "verify":
        sys.exit(verify(sys.argv[2]))
    elif mode == "refused":
        sys.exit(refused(sys.argv[2], sys.argv[3:]))
    else:
        sys.exit(__doc__)
