"""a03: "gives each submission an equal CPU share" against a kernel that makes the GRADER work for it.

The cgroup caps the CPU of a submission's kernel and observer. But every message the kernel publishes on IOPub is
received, HMAC-checked, JSON-decoded and budgeted by that submission's nbgrader child, which runs as the grader
(root), outside the sandbox's cgroup, sharing the grader's CPU with every other submission's grading child. This hand-in's
answer cell publishes tiny stream messages (`sys.stdout.write("x"); sys.stdout.flush()`) from 4 threads for
FLOOD seconds. Messages past the output budget are cut, but each is still received and parsed.

Measured, sampling /proc every 0.25 s: CPU seconds of the grading command's processes outside any sandbox cgroup
(the grader's side), and CPU seconds of its processes that run as a sandbox's host uid (not root), in
  run 1: two honest students (baseline), --workers 1;
  run 2: mallory (the flood) and an honest student, --workers 1.
  run 3: the same class, --workers 2 (the default as root is one worker per core): the honest student's
         grading time next to the flood, and its score;
  run 4 (RUNS=4, a03.base-w2.out.txt): two honest students, --workers 2, the comparison for run 3.
Through `python -m grader.grade --course-dir DIR --workers N`, as root. Honest students are the solution."""
import os, sys, time, json, glob, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common18 import *  # noqa
from common18 import _descends  # noqa

A = "ps1_memory"
FLOOD = int(os.environ.get("FLOOD", "60"))
TCK = os.sysconf("SC_CLK_TCK")


def hostile():
    code = (f"import sys, threading, time\n"
            f"end = time.time() + {FLOOD}\n"
            "def spam():\n"
            "    while time.time() < end:\n"
            "        sys.stdout.write('x'); sys.stdout.flush()\n"
            "ts = [threading.Thread(target=spam) for _ in range(4)]\n"
            "[t.start() for t in ts]; [t.join() for t in ts]\n")
    return notebook(overrides={"quiz_q1": code}, assignment=A)


class CPU(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.seen = False, {}  # pid -> (side, ticks)

    def run(self):
        while not self.stop:
            top = GRADER.get("pid")
            for p in os.listdir("/proc"):
                if not p.isdigit():
                    continue
                pid = int(p)
                try:
                    st = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
                    uid = next(int(l.split()[1]) for l in open(f"/proc/{pid}/status") if l.startswith("Uid:"))
                    cg = open(f"/proc/{pid}/cgroup").read()
                except OSError:
                    continue
                ticks = int(st[11]) + int(st[12])
                if top is None or not _descends(pid, top):
                    continue  # other work on the machine (other graders use the same uids)
                side = "sandbox" if uid != 0 else "grader"
                old = self.seen.get(pid, (side, 0))[1]
                self.seen[pid] = (side, max(old, ticks))
            time.sleep(0.25)

    def totals(self):
        out = {"grader": 0.0, "sandbox": 0.0}
        for side, ticks in self.seen.values():
            out[side] += ticks / TCK
        return {k: round(v, 1) for k, v in out.items()}


def run(tag, students, workers):
    dest = f"/tmp/attack18-a03-{tag}"
    course(dest, students, A)
    cpu = CPU()
    cpu.start()
    t0 = time.time()
    env = {**os.environ, **CANARY_ENV}
    import subprocess
    cmd = [PY, "-m", "grader.grade", "--course-dir", dest, "--workers", str(workers)]
    print("$", " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    GRADER["pid"] = proc.pid
    out, err = proc.communicate(timeout=1500)
    total = time.time() - t0
    cpu.stop = True
    time.sleep(0.3)
    sc = scores(dest)
    graded_at = {s: round(os.path.getmtime(os.path.join(dest, "autograded", s, A, f"{A}.ipynb")) - t0, 1)
                 for s in students if os.path.exists(os.path.join(dest, "autograded", s, A, f"{A}.ipynb"))}
    print(out[-800:], err[-1500:].replace(ROOT, "<clone>"))
    print(f"RESULT {tag}: workers={workers} rc={proc.returncode} command {total:.0f} s; CPU seconds {cpu.totals()}; "
          f"graded notebook written at {graded_at}; scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}",
          flush=True)
    cleanup(dest)


def main():
    h = honest(A)
    m = hostile()
    which = os.environ.get("RUNS", "1,2,3").split(",")
    if "1" in which:
        run("base", {"aa_honest": h, "zz_honest": h}, 1)
    if "2" in which:
        run("flood", {"mallory": m, "zz_honest": h}, 1)
    if "3" in which:
        run("flood-w2", {"mallory": m, "zz_honest": h}, 2)
    if "4" in which:  # the comparison for run 3: an honest student beside another honest one, --workers 2
        run("base-w2", {"aa_honest": h, "zz_honest": h}, 2)


if __name__ == "__main__":
    main()
