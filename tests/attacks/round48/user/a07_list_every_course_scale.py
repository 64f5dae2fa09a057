"""A07: round 47's fix of `nbgrader list` without a course checks each course folder of the root before reading it,
and caps the refusal lines; the work is still one scandir entry and one check per folder eve makes in the shared
(sticky 1777) root. bob48's `nbgrader list` (no course: his default, and the JupyterLab Assignments tab's course
list) with 0 and with N of eve's folders; eve's names carry escapes."""
import os, subprocess, sys, time, resource
sys.path.insert(0, os.path.dirname(__file__))
from harness import CLONE
NB = f"{CLONE}/.venv/bin/nbgrader"
root = "/tmp/attack48-user-ex3/exchange"
def bob_list(tag):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/home/bob48/work", "LANG": "C.UTF-8"}
    t = time.time()
    r = subprocess.run(["setpriv", "--reuid", "2482", "--regid", "2482", "--clear-groups", "/usr/bin/time", "-f", "maxrss_kb=%M",
                        NB, "list", f"--Exchange.root={root}"], cwd="/home/bob48/work", env=env, capture_output=True, text=True, timeout=900)
    out = r.stdout + r.stderr
    print(f"{tag}: bob's `nbgrader list` rc={r.returncode} {time.time()-t:.1f}s, {len(out.splitlines())} lines, raw ESC: {chr(27) in out}; "
          + [l for l in out.splitlines() if "maxrss" in l][0])
    print("   " + "\n   ".join(out.splitlines()[:4])[:800])
    print("   ...\n   " + "\n   ".join(out.splitlines()[-4:])[:800])
bob_list("before")
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
mk = f'''
import os, time
t = time.time()
for i in range({N}):
    os.mkdir("{root}/c%06d\\x1b]0;owned\\x07\\n[ListApp | ERROR] x" % i)
print("eve made {N:,} folders in %.1fs" % (time.time() - t))
'''
print(subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "-c", mk], capture_output=True, text=True).stdout.strip())
bob_list(f"after {N:,}")
t = time.time()
subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", "find", root, "-maxdepth", "1", "-name", "c*", "-user", "eve48", "-delete"])
print(f"eve removed them in {time.time()-t:.1f}s")
