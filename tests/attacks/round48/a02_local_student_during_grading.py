"""a02: a local student account (eve48, uid 2481) watches a grading run as root: what she reads while it runs
(new files/sockets under /tmp, /var/tmp, /dev/shm; every process's command line; connectable unix sockets,
/proc/<pid>/ of grader processes), with mallory's kernel sleeping 40 s so the run is long enough."""
from common import *
import threading, glob, pwd, socket
SLEEP = 'q1 = "b"\nimport time\ntime.sleep(40)\n'
c = make_course("a02")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": SLEEP}))
hand_in(c, "zoe", honest())
marker = "/tmp/.a02marker"; open(marker, "w").close()
out = []
def as_eve(cmd):
    r = subprocess.run(["runuser", "-u", "eve48", "--", "sh", "-c", cmd], capture_output=True, text=True, timeout=60)
    return r.stdout + r.stderr
def watch():
    time.sleep(15)
    for rnd in range(3):
        out.append(f"=== round {rnd} {time.strftime('%T')}")
        out.append(as_eve("find /tmp /var/tmp /dev/shm -newer /tmp/.a02marker -maxdepth 4 2>/dev/null | grep -v attack48-root-a02/release | head -100"))
        out.append(as_eve("find /tmp /var/tmp /dev/shm -newer /tmp/.a02marker -maxdepth 6 \\( -type s -o -type f \\) -readable 2>/dev/null | head -50"))
        out.append(as_eve("ps -eo pid,user,args --width 400 | grep -v ' ps ' | grep -i 'grader\\|kernel\\|zygote\\|bwrap\\|nbgrader\\|python' | head -60"))
        out.append(as_eve("for p in /proc/[0-9]*; do cat $p/environ 2>/dev/null | tr '\\0' '\\n' | grep -i 'AKIA\\|secret\\|DATABASE' && echo $p; done; echo envdone"))
        out.append(as_eve("ls -la /tmp/attack48-root-a02/ /tmp/attack48-root-a02/* 2>&1 | head -60"))
        time.sleep(8)
t = threading.Thread(target=watch); t.start()
grade(c)
t.join()
print("\n".join(out))
print(open(c + "/grades.csv").read())
