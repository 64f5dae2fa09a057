"""a02: host-side census of sessions/autogroups/ttys of every uid-65534 process while a hostile notebook runs:
does any process that runs student code (kernel, its forks, a check's child, a rank, their forks) share a session
(= autogroup) or a controlling tty with a process outside its sandbox (launcher, nbgrader, template, fork server)?
The grader runs under `script` so that it has a controlling pty, as a TA's terminal would give it."""
import sys, threading, os, time, json, subprocess, collections
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
slow = r'''
import os, time, subprocess
def _linger(tag):
    try:
        p = subprocess.Popen(["sleep", "4"])  # a fork of student code
    except Exception as e:
        pass
    t = time.time()
    while time.time() - t < 4: pass  # busy, visible to the sampler
    try:
        tty = open("/dev/tty"); r = "OPENED /dev/tty"
    except Exception as e:
        r = repr(e)
    return r
'''
tm = sol(A, "training_memory").replace("def training_memory(model, optimizer):", "def training_memory(model, optimizer):\n    _linger('check')", 1)
pl = sol(A, "partition_layers")
pl = pl.replace("def partition_layers(", "def _pl_real(", 1) + "\n\ndef partition_layers(sizes, k):\n    if len(sizes) > 100: _linger('rank')\n    return _pl_real(sizes, k)\n"
kcode = slow + r'''
_r = _linger("kernel")
print("KERNEL tty:", _r)
for p in os.listdir("/proc"):
    if p.isdigit():
        try:
            st = open(f"/proc/{p}/stat").read().rsplit(")",1)[1].split()
            print("VIS", p, "ppid", st[1], "pgid", st[2], "sid", st[3], "tty_nr", st[4], open(f"/proc/{p}/autogroup").read().strip())
        except Exception as e: print("VIS", p, e)
'''
print(tm[:300])
d = make_course("a02", A, {"mallory": {"training_memory": slow + tm, "partition_layers": slow + pl,
                                        "per_device_memory": sol(A, "per_device_memory") + "\n" + kcode}})
samples = {}
stop = threading.Event()
def sample():
    while not stop.is_set():
        for p in os.listdir("/proc"):
            if not p.isdigit(): continue
            try:
                if os.stat(f"/proc/{p}").st_uid != 65534: continue
                st = open(f"/proc/{p}/stat").read()
                comm = st[st.index("(")+1:st.rindex(")")]
                f = st.rsplit(")",1)[1].split()
                ag = open(f"/proc/{p}/autogroup").read().split()[0]
                ns = os.readlink(f"/proc/{p}/ns/pid")
                cmd = open(f"/proc/{p}/cmdline","rb").read().replace(b"\0",b" ")[:90].decode(errors="replace")
                samples[(p, cmd)] = dict(pid=p, ppid=f[1], pgid=f[2], sid=f[3], tty=f[4], ag=ag, ns=ns, comm=comm, cmd=cmd)
            except Exception:
                pass
        time.sleep(0.2)
th = threading.Thread(target=sample, daemon=True); th.start()
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
inner = (f"setpriv --reuid 65534 --regid 65534 --clear-groups {PY} -m grader.grade --course-dir {d} --workers 1 {A}")
t = time.time()
r = subprocess.run(["script", "-qfec", inner, "/dev/null"], cwd=CLONE, env=env, capture_output=True, text=True, timeout=900)
print("grade rc", r.returncode, "elapsed %.1f" % (time.time() - t)); print(r.stdout[-1500:])
stop.set(); th.join()
scores(d, A)
host_ns = os.readlink("/proc/self/ns/pid")
by_ag = collections.defaultdict(list)
for s in samples.values():
    by_ag[s["ag"]].append(s)
print("\n=== autogroups (sessions) of uid-65534 processes; * = in a sandbox pid namespace")
mixed = 0
for ag, ps in sorted(by_ag.items()):
    nss = {s["ns"] for s in ps}
    flag = "MIXED host+sandbox" if (host_ns in nss and len(nss) > 1) else ""
    mixed += bool(flag)
    print(ag, flag)
    for s in sorted(ps, key=lambda s: int(s["pid"]))[:12]:
        print("   ", "*" if s["ns"] != host_ns else " ", s["pid"], "ppid", s["ppid"], "sid", s["sid"], "tty", s["tty"], s["comm"], "|", s["cmd"][:80])
print("mixed autogroups:", mixed)
ttys = {s["tty"] for s in samples.values() if s["ns"] != host_ns}
print("tty_nr of sandbox processes:", ttys)
out = outputs(d, "mallory", A)
print("\n".join(l for l in out.split("\n") if "KERNEL" in l or "VIS" in l)[:4000])
canary_scan(d)
