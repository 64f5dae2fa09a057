"""a05: a02's plain-pipe hold (1,100 pipes, past fs.pipe-user-pages-soft) kept for the WHOLE notebook: every pipe the
grader's user makes meanwhile (the observer's channel, the judges' room, rank seed pipes, the grading child's pipes)
is 2 pages. Does any of the grader's own machinery break or stall on 8-KiB pipes (a deadlock would show as a failed
check or a timeout), and how much slower is mallory's grading than the controls'? Host sampler as in a02."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
import subprocess
A = "ps1_memory"
pipes = r'''
import os, time, fcntl
def _hold():
    if os.fork(): return
    os.setsid()
    if os.fork(): os._exit(0)
    os.fork()
    ps = []
    try:
        for i in range(600):
            ps.append(os.pipe())
    except OSError:
        pass
    time.sleep(1000)
    os._exit(0)
_hold()
time.sleep(2)
_r, _w = os.pipe(); print("kernel's own new pipe:", fcntl.fcntl(_w, 1032), "bytes")
''' + sol(A, "training_memory")
d = make_course("a05", A, {"mallory": {"training_memory": pipes}})
log = "/tmp/attack32-user-a05-sampler.txt"; open(log, "w").close(); os.chmod(log, 0o666)
samp = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                         sys.executable, "tests/attacks/round32/user/pipe_sampler.py", "400", log])
grade(d, A)
samp.kill()
scores(d, A)
print("OUT:", outputs(d, "mallory", A, "training_memory")[:300])
rep = json.load(open(f"{d}/grading_report.json"))
print("TIMES:", [(o["student"], o["status"], round(o["seconds"], 1)) for o in rep])
s = open(log).read().splitlines()
small = [l for l in s if "pipe_size=65536" not in l]
print("SAMPLER rows:", len(s), "small-pipe rows:", len(small)); print("\n".join(small[:3] + ["..."] + small[-3:]))
