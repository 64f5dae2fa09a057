"""a02: reading what must stay secret, as root: a hand-in that walks everything its sandbox can see.

The host side hashes (SHA-256) every file of the clone's `autograders/`, `source/`, `grader/`, the course folder's
`gradebook.db`-free files, and a canary file planted in the course folder and in a second fake checkout under /tmp,
and hands only the hashes to the hand-in (no content). The kernel then:
- walks / (not /proc, /sys, /dev), hashing every readable regular file under 4 MiB, reporting any hash that matches,
  and any file holding the canaries `ta:secret` (the grader's DATABASE_URL) or `ATTACK18CANARY`;
- reads /proc/<pid>/environ and cmdline of every process it sees, looking for the same canaries;
- lists the mount table and the directories on the Python installation's path (what the root grader bound);
- tries to reach the kernel template's socket named in its command line.
Graded through `python -m grader.grade --course-dir DIR --workers 1` as root, beside an honest student."""
import os, sys, time, json, hashlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common18 import *  # noqa

A = "ps1_memory"
DEST = "/tmp/attack18-a02"
OTHER = "/tmp/attack18-a02-othercheckout"


def hashes():
    out = set()
    for top in ("autograders", "source", "grader"):
        for d, _, fs in os.walk(os.path.join(ROOT, top)):
            for f in fs:
                p = os.path.join(d, f)
                try:
                    data = open(p, "rb").read()
                except OSError:
                    continue
                if len(data) > 64:
                    out.add(hashlib.sha256(data).hexdigest())
    for p in (os.path.join(DEST, "attack18_canary.txt"), os.path.join(OTHER, "attack18_canary.txt")):
        out.add(hashlib.sha256(open(p, "rb").read()).hexdigest())
    return sorted(out)


KERNEL = r'''
import os, hashlib, time, json, socket, re
H = set(HASHES)
C1, C2 = b"ta:" + b"secret", b"ATTACK18" + b"CANARY"  # built here, so that the hand-in's own text holds neither
t0 = time.time(); hits = []; canary = []; n = 0; denied = 0
for d, dirs, fs in os.walk("/", onerror=None):
    if d in ("/proc", "/sys", "/dev") or d.startswith(("/proc/", "/sys/", "/dev/")):
        dirs[:] = []; continue
    if time.time() - t0 > 80: hits.append("TIMEOUT at " + d); break
    for f in fs:
        p = os.path.join(d, f)
        try:
            if os.path.islink(p) or not os.path.isfile(p) or os.path.getsize(p) > (4 << 20): continue
            data = open(p, "rb").read(); n += 1
        except OSError:
            denied += 1; continue
        if hashlib.sha256(data).hexdigest() in H: hits.append(p)
        if C1 in data or C2 in data: canary.append(p)
procs = {}
for pid in os.listdir("/proc"):
    if not pid.isdigit(): continue
    row = {}
    for k in ("environ", "cmdline"):
        try:
            v = open(f"/proc/{pid}/{k}", "rb").read()
            row[k] = len(v)
            if C1 in v or C2 in v: canary.append(f"/proc/{pid}/{k}")
            if k == "cmdline": row["argv"] = v.replace(b"\0", b" ").decode(errors="replace")[:200]
        except OSError as e:
            row[k] = type(e).__name__
    procs[pid] = row
socks = []
for row in procs.values():
    for m in re.findall(r"(/\S*socket\S*)", row.get("argv", "")):
        try:
            s = socket.socket(socket.AF_UNIX); s.connect(m); socks.append((m, "CONNECTED"))
        except OSError as e:
            socks.append((m, type(e).__name__))
mounts = [l.split()[4] for l in open("/proc/self/mountinfo")]
print("A02", json.dumps({"files_read": n, "denied": denied, "hash_hits": hits, "canary_hits": canary,
                         "procs": procs, "template_socket": socks, "mounts": mounts, "uid": os.getuid(),
                         "seconds": round(time.time() - t0, 1)}))
'''


def main():
    os.makedirs(OTHER, exist_ok=True)
    h = honest(A)
    course(DEST, {}, A)
    for p in (os.path.join(DEST, "attack18_canary.txt"), os.path.join(OTHER, "attack18_canary.txt")):
        open(p, "w").write(f"ATTACK18CANARY {p} postgresql://ta:secret@localhost/x\n")
    hs = hashes()
    code = f"HASHES = {hs!r}\n" + KERNEL
    m = notebook(overrides={"quiz_q1": code}, assignment=A)
    for student, nb in {"aa_honest": h, "mallory": m, "zz_honest": h}.items():
        d = os.path.join(DEST, "submitted", student, A)
        os.makedirs(d)
        nbformat.write(nb, os.path.join(d, f"{A}.ipynb"))
    print(f"{len(hs)} hashes of hidden files handed to the kernel")
    grade(DEST, env_extra={"PGPASSWORD": "ATTACK18CANARY-pg",
                           "AWS_SECRET_ACCESS_KEY": "ATTACK18CANARY-aws"})
    sc = scores(DEST)
    for s, v in sorted(sc.items()):
        print(s, v["score"], "/", v["max"])
    nb = json.load(open(os.path.join(DEST, "autograded", "mallory", A, f"{A}.ipynb")))
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            t = o.get("text", "")
            t = "".join(t) if isinstance(t, list) else t
            if t.startswith("A02 "):
                r = json.loads(t[4:])
                print("files read:", r["files_read"], "denied:", r["denied"], "in", r["seconds"], "s; uid", r["uid"])
                print("HASH HITS (hidden files readable):", r["hash_hits"])
                print("CANARY HITS:", r["canary_hits"])
                print("template socket:", r["template_socket"])
                print("processes seen:", {k: v.get("argv", v)[:120] if isinstance(v, dict) else v for k, v in r["procs"].items()})
                print("mount points:", [m.replace(ROOT, "<clone>") for m in r["mounts"]])
            elif "Error" in str(o.get("ename", "")):
                print("error:", o.get("ename"), str(o.get("evalue"))[:300])
    leak = 0
    for d, _, fs in os.walk(DEST):
        for f in fs:
            p = os.path.join(d, f)
            if "submitted" in p or f == "attack18_canary.txt":
                continue
            try:
                data = open(p, "rb").read()
            except OSError:
                continue
            if b"ta:secret" in data or b"ATTACK18CANARY" in data:
                leak += 1
                print("canary in grader output file:", p.replace(DEST, "<course>"))
    print("RESULT: canary in", leak, "grader-written files")
    cleanup(DEST)
    cleanup(OTHER)


if __name__ == "__main__":
    main()
