"""a14: a rank (fork of the observer) writes a frame of the observer's protocol (8-byte big-endian length + JSON
{"check": ..., "failed": "FORGED via fd N"}) into every writable pipe and socket it holds but stderr, for the check
it runs under a few likely names. If the grader's message for the cell says FORGED, a rank reaches the observer's
channel to the grader (the next step would be a passing observation)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
AVG = r'''
def average_gradients(model):
    import os, json, struct, time
    wrote = []
    for fd in sorted(os.listdir("/proc/self/fd"), key=int):
        fd = int(fd)
        if fd <= 2:
            continue
        try:
            tgt = os.readlink(f"/proc/self/fd/{fd}")
            flags = int(open(f"/proc/self/fdinfo/{fd}").read().split("flags:")[1].split()[0], 8)
        except OSError:
            continue
        if not (tgt.startswith("pipe:") or tgt.startswith("socket:")) or (flags & 3) == 0:
            continue
        for name in ("ps2_ddp.average_gradients", "ps2_ddp.average_gradients_matches_large_batch", "ps2_ddp.average"):
            body = json.dumps({"check": name, "failed": f"FORGED via fd {fd} ({tgt}) as {name}"}).encode()
            try:
                os.set_blocking(fd, False)
                os.write(fd, struct.pack(">Q", len(body)) + body)
                wrote.append((fd, tgt))
            except OSError as e:
                pass
    time.sleep(1)
    raise RuntimeError(f"wrote frames into {sorted(set(wrote))}")
'''
nb = u13.notebook("ps2_ddp", overrides={"average_gradients": AVG})
dest = u13.course("a14", {("mallory", "ps2_ddp"): nb, ("zz_honest", "ps2_ddp"): u13.honest("ps2_ddp")})
u13.grade(dest)
u13.scores(dest)
u13.report(dest)
import nbformat
for c in nbformat.read(f"{dest}/autograded/mallory/ps2_ddp/ps2_ddp.ipynb", 4).cells:
    g = c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
    for o in c.get("outputs", []):
        t = o.get("text") or str(o.get("evalue"))
        if "FORGED" in t or g.startswith("average_gradients_") or "wrote frames" in t:
            print(g, "OUTPUT:", t[:1500])
