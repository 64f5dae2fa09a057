"""a05: what a02's OOM kill did, without any attack: the grader's fork server (grader.forkserver, root) killed with
SIGKILL (what the host's OOM killer sends) once aaron is graded; five honest students. README says "a dead server
is replaced". Does the class go on, and what do the exit status, summary and grades.csv say about the rest?"""
import os, time, subprocess, threading, signal
from common import *
c = make_course("a05")
for s in ("aaron", "bob", "carol", "zoe", "zz_zoe2"):
    hand_in(c, s, honest())
env = dict(os.environ); env.update(ENV_CANARY)
p = subprocess.Popen([PY, "-m", "grader.grade", "--course-dir", c, "--workers", "1", "ps1_memory"], cwd=CLONE, env=env,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
def killer():
    while p.poll() is None:
        rep = f"{c}/grading_logs"
        done = os.path.exists(f"{c}/autograded/aaron/ps1_memory/ps1_memory.ipynb")
        if done:
            for pid in os.listdir("/proc"):
                if not pid.isdigit(): continue
                try:
                    st = open(f"/proc/{pid}/stat").read(); cmd = open(f"/proc/{pid}/cmdline").read()
                except OSError: continue
                ppid = int(st.rsplit(")", 1)[1].split()[1])
                if ppid == p.pid and "grader.forkserver" in cmd:
                    os.kill(int(pid), signal.SIGKILL); print("killed fork server", pid, "at", time.strftime("%T")); return
        time.sleep(0.2)
th = threading.Thread(target=killer); th.start()
out, err = p.communicate(timeout=900); th.join()
print("grade rc =", p.returncode)
print("STDOUT:\n" + "\n".join(l for l in out.split("\n") if not l.startswith("| ps1")))
print("STDERR tail:\n" + err[-2500:])
scores(c)
try: times(c)
except Exception as e: print(e)
