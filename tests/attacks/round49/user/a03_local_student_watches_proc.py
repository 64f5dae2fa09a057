"""A03: what a local student (eve49, uid 2491) sees of an ordinary user's grading run from outside: every process's
command line (/proc/*/cmdline is world-readable without hidepid), listening TCP/UDP sockets on the host's loopback
that she could connect to (ss), and unix sockets with paths she may reach. Graded: aaron, bob49-as-mallory (honest),
zoe. Everything eve saw is grepped for the canaries, the solutions and the quiz keys."""
import os, subprocess, sys, time, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import run_class, course, hand_in, nb_for, grade, scores
watch = r'''
import os, time, sys, json, socket, subprocess
seen, socks = {}, set()
stop = time.time() + float(sys.argv[1])
while time.time() < stop and not os.path.exists("/tmp/eve49-stop"):
    for p in os.listdir("/proc"):
        if not p.isdigit(): continue
        try:
            st = os.stat("/proc/" + p)
            if st.st_uid != 65534: continue
            cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if cmd and cmd not in seen:
            seen[cmd] = p
        try:
            env = open(f"/proc/{p}/environ", "rb").read()
            seen["ENVIRON READABLE " + p] = env[:200].decode("latin-1")
        except OSError:
            pass
    out = subprocess.run(["ss", "-Hltunx"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        socks.add(" ".join(line.split()))
    time.sleep(0.05)
print(json.dumps({"cmdlines": sorted(seen), "sockets": sorted(socks)}))
'''
open("/tmp/eve49-watch.py", "w").write(watch)
if os.path.exists("/tmp/eve49-stop"): os.unlink("/tmp/eve49-stop")
base = subprocess.run(["ss", "-Hltunx"], capture_output=True, text=True).stdout.splitlines()
base = {" ".join(l.split()) for l in base}
w = subprocess.Popen(["setpriv", "--reuid", "2491", "--regid", "2491", "--clear-groups", "/usr/bin/python3", "/tmp/eve49-watch.py", "300"],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/home/eve49", env={"PATH": "/usr/bin:/bin"})
d, r, sc = run_class("a03", "ps1_memory", {"mallory": {}})
open("/tmp/eve49-stop", "w").close()
out = w.communicate()[0]
try:
    res = json.loads(out.strip().splitlines()[-1])
except Exception:
    print(out[-3000:]); raise
print(len(res["cmdlines"]), "distinct command lines of uid 65534 seen by eve")
for c in res["cmdlines"]:
    print("  ", c[:400])
new = [s for s in res["sockets"] if s not in base]
print("sockets during the run that were not there before:", len(new))
for s in new: print("  ", s[:300])
blob = json.dumps(res)
for k in ("AKIASECRETCANARY123", "ta:secret", "BEGIN SOLUTION", '"b"'):
    print("eve's view holds", k, ":", k in blob)
