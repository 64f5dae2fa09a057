"""a09: what a kernel (and a local student, through `ps`) reads of the host in bwrap's own command line
(/proc/1/cmdline inside: bwrap's argv, every bind with its host path, every --setenv) and in /proc/self/mountinfo:
host paths of the course, of other students' hand-ins, of the TA's home, any secret."""
import os, sys, subprocess, threading, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
import harness
PAYLOAD = r'''
import os, json
info = {}
for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
    try: info[pid] = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")[:3000]
    except OSError as e: info[pid] = str(e)
info["mountinfo"] = [l.split(" - ")[0].split(" ", 4)[3:5] for l in open("/proc/self/mountinfo").read().splitlines()]
print("A09", json.dumps(info))
'''
d = harness.course("a09")
for c in ("aaron", "zoe"):
    harness.hand_in(d, c, "ps1_memory", harness.nb_for("ps1_memory"))
harness.hand_in(d, "mallory", "ps1_memory", harness.nb_for("ps1_memory", harness.with_payload("ps1_memory", "training_memory", PAYLOAD)))
seen = set(); stop = threading.Event()
def watch():  # the local student's view: ps of every process of the grader's uid
    while not stop.is_set():
        r = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "ps", "-u", "65534", "-o", "args="], capture_output=True, text=True)
        for l in r.stdout.splitlines():
            if "bwrap" in l or "aaron" in l or "zoe" in l or "mallory" in l: seen.add(l[:600])
        time.sleep(0.3)
th = threading.Thread(target=watch, daemon=True); th.start()
harness.grade(d, "ps1_memory", quiet=True)
stop.set(); th.join()
harness.scores(d, "ps1_memory")
print("local student's ps lines with bwrap or a student id:", len(seen))
for l in sorted(seen)[:8]: print("  ", l)
out = harness.outputs(d, "mallory", "ps1_memory")
i = out.find("A09")
import json
if i >= 0:
    info = json.loads(out[i + 4:].splitlines()[0])
    for k, v in info.items():
        if k != "mountinfo": print("pid", k, v[:1500])
    print("mount points / host roots:")
    for root, mp in info["mountinfo"]: print("  ", root, "->", mp)
    blob = json.dumps(info)
    print("canary in it:", "AKIASECRETCANARY123" in blob or "ta:secret" in blob, "| other students named:", [s for s in ("aaron", "zoe") if s in blob])
