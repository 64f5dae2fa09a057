"""a04: re-attack of round 16's fix (a host uid is given back only once no process of it runs).

`_processes_of(uid)` finds a sandbox's processes by the owner of `/proc/<pid>`. A process that makes itself
non-dumpable (`prctl(PR_SET_DUMPABLE, 0)`) shows its `/proc/<pid>` as owned by root, not by its uid, so the check
cannot see it. The hostile ps1 starts daemons (double fork, setsid, non-dumpable, renamed "attack17-daemon") that
keep running, and also ordinary (dumpable) ones for comparison. From outside, while and after the grading command
runs, this script reads every process whose command line carries the marker: its real uid (from /proc/<pid>/status,
which does not depend on dumpability), the owner of /proc/<pid>, and whether it is still alive after grading.

Class: mallory then zz_honest, `--workers 1`, through `python -m grader.grade`."""
import os, sys, time, threading, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common17 import *  # noqa

A = "ps1_memory"
DAEMONS = '''
q1 = "a"
import os, ctypes, time
libc = ctypes.CDLL(None)
def daemon(dumpable):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            libc.prctl(4, 0 if not dumpable else 1, 0, 0, 0)   # PR_SET_DUMPABLE
            name = b"attack17-daemon-" + (b"dumpable" if dumpable else b"hidden")
            libc.prctl(15, name, 0, 0, 0)                      # PR_SET_NAME (comm)
            import sys
            sys.argv[:] = [name.decode()]
            while True:
                time.sleep(0.2)
        os._exit(0)
    os.wait()
daemon(False); daemon(False); daemon(True)
time.sleep(1)
'''

SEEN = {}


def scan():
    out = {}
    for e in os.listdir("/proc"):
        if not e.isdigit():
            continue
        try:
            comm = open(f"/proc/{e}/comm").read().strip()
            if not comm.startswith("attack17-daemo"):
                continue
            st = open(f"/proc/{e}/status").read()
            uid = int([l for l in st.splitlines() if l.startswith("Uid:")][0].split()[1])
            state = [l for l in st.splitlines() if l.startswith("State:")][0].split()[1]
            out[int(e)] = (comm, uid, os.stat(f"/proc/{e}").st_uid, state)
        except (OSError, IndexError, ValueError):
            pass
    return out


def sampler(stop):
    t0 = time.time()
    while not stop.is_set():
        for pid, v in scan().items():
            SEEN.setdefault(pid, [v, time.time() - t0, None])[2] = time.time() - t0
        time.sleep(0.2)


def main():
    dest = "/tmp/attack17-a04"
    course(dest, {"mallory": notebook(overrides={"quiz_q1": DAEMONS}, assignment=A), "zz_honest": honest(A)}, A)
    stop = threading.Event()
    th = threading.Thread(target=sampler, args=(stop,), daemon=True)
    th.start()
    t0 = time.time()
    grade(dest)
    end = time.time() - t0
    time.sleep(3)
    stop.set(); th.join()
    print(f"grading command ended at {end:.1f} s")
    for pid, (v, first, last) in sorted(SEEN.items()):
        print(f"pid {pid}: comm {v[0]!r}, real uid {v[1]}, /proc/<pid> owner {v[2]}, state {v[3]}, seen from {first:.1f} s to {last:.1f} s")
    alive = scan()
    print("RESULT still alive 3 s after the grading command ended:", alive)
    print("RESULT hidden from the uid check while alive (real uid != /proc owner):",
          sorted({(v[0][0], v[0][1], v[0][2]) for v in SEEN.values() if v[0][1] != v[0][2]}))
    sc = scores(dest)
    print("RESULT scores", {s: (v["score"], v["max"]) for s, v in sorted(sc.items())})
    for pid in alive:  # our own leftovers, by pid
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    cleanup(dest)


if __name__ == "__main__":
    main()
