# a06: a05's survivor (pid 1's PDEATHSIG cleared through /proc/1/mem), this time spending CPU while the NEXT student
# is graded: 4 busy processes for 75 s, started 3 s after the hand-in's last cell. Measures b_honest's seconds and
# score against a00's (honest 7.3 s alone) and whether it still runs after grader.grade returns.
# RESULT: see the end of this file.
from u10 import *
import a05_sandbox_outlives_grading as a05
PAYLOAD = a05.PAYLOAD.split("a = os.fork()\nif a == 0:\n    os.setsid()")[0] + r'''
a = os.fork()
if a == 0:
    os.setsid()
    if os.fork() == 0:
        os.closerange(3, 1280)
        libc.prctl(15, b"r10-survivor", 0, 0, 0)
        time.sleep(3)
        for i in range(4):
            if os.fork() == 0:
                libc.prctl(15, b"r10-busy", 0, 0, 0)
                end = time.time() + 75
                while time.time() < end:
                    pass
                os._exit(0)
        time.sleep(80)
        os._exit(0)
    os._exit(0)
os.waitpid(a, 0)
print("daemon left")
'''
nb = notebook(overrides={"quiz_q5": "q5 = \"a\"\n" + PAYLOAD})
if __name__ == "__main__":
    import subprocess, time
    t = time.time()
    d, p = ugrade("a06", {"a_survivor": nb, "b_honest": u7.honest()})
    outputs(d, "a_survivor")
    print(subprocess.run("ps -u 65534 -o pid,ppid,etime,comm,cmd | grep -v work/main | cut -c1-160", shell=True, capture_output=True, text=True).stdout)
# RESULT (16:31-16:32 UTC, a06.out.txt): BROKEN (same cause as a05). grader.grade returned (rc 0, 38 s) with
# a_survivor's sandbox still running: host `ps -u 65534` after it: 9462 ppid 1 python /tmp/p1.py (the sandbox's
# pid 1), 9465 ppid 1 ipykernel (the hand-in's kernel), 9551 r10-survivor and 4 r10-busy spinning, 20-36 s old, i.e.
# they spent CPU through b_honest's grading (11.9 s against 7.3 s for the same notebook in a00; still 24/24 with only
# 4 busy processes, kept small because the machine is shared) and after `make grade` had ended. Without cgroups there
# is no CPU share: a survivor with more processes slows every later submission (and the next `make grade`) as much as
# it likes, for as long as it likes (RLIMIT_CPU is 30 min a process, but it can fork new ones). Killed by hand:
# kill -9 9462 (its pid 1) ended all of them.
