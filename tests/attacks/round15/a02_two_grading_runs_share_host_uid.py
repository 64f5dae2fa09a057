"""a02 (root): round 14's fix gives each submission in flight a host uid of its own, but the pool (65533 down to 65470)
is per grading run: `grader.grade.HostUids` starts from the whole pool in every run and coordinates with no other
run. Two grading commands on one machine (two courses, two TAs, a regrade started while a class grades) both give
their first submission 65533, and what Linux counts per host user (round 14's descriptors in flight, pipe pages,
epoll watches, signals) is shared between them again. Run A grades round 14's hog (1,500+ descriptors in flight,
then 100 s of quiz cells); run B, started 20 s later with its own course folder, grades the honest ps2 solution
(the control), both asking for the fork server as a GPU machine does (`--default-start`: the start method
this machine picks, no fork server asked for). The host uid of every process under each
run is read from outside."""
import os, sys, subprocess, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common15 import *  # noqa
from common15 import _descends  # noqa

HOG = r'''
import socket as _s, array as _a
_hog_a, _hog_b = _s.socketpair()
_n = 0
try:
    while True:
        _hog_a.sendmsg([b"x"], [(_s.SOL_SOCKET, _s.SCM_RIGHTS, _a.array("i", [_hog_a.fileno()] * 250))]); _n += 250
except OSError as _e:
    print(f"A15 hog: {_n} descriptors in flight, then {_e}", flush=True)
'''
SLEEP = "import time; time.sleep(25)\n"


def mutate(nb):
    for c in nb.cells:
        gid = c.metadata.get("nbgrader", {}).get("grade_id")
        if gid == "average_gradients":
            c.source = HOG + "\ndef average_gradients(model):\n    pass\n"
        elif gid in ("quiz_q1", "quiz_q2", "quiz_q3", "quiz_q4"):
            c.source = SLEEP + f"{gid[-2:]} = 'a'\n"


def uids_under(top):
    out = set()
    for p in os.listdir("/proc"):
        if p.isdigit() and _descends(int(p), top):
            try:
                uid = int(next(l for l in open(f"/proc/{p}/status") if l.startswith("Uid:")).split()[1])
            except (OSError, StopIteration):
                continue
            if uid != 0:
                out.add(uid)
    return out


def main():
    # `--default-start`: leave the launcher's start method as the grader picks it on this machine (no GPU)
    method = {} if "--default-start" in sys.argv else {"DISTCOURSE_START_METHOD": "forkserver"}
    env = {**os.environ, **CANARY_ENV, **method}
    a = course("/tmp/attack15-a02-A", {"mallory": notebook(mutate=mutate, assignment="ps2_ddp")}, "ps2_ddp")
    b = course("/tmp/attack15-a02-B", {"alice_honest": honest("ps2_ddp")}, "ps2_ddp")
    procs, seen = {}, {"A": set(), "B": set()}
    for name, dest in (("A", a), ("B", b)):
        cmd = [PY, "-m", "grader.grade", "--course-dir", dest, "--workers", "1"]
        print(f"$ [{name}]", *(f"{k}={v}" for k, v in method.items()), " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
        procs[name] = (subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True), time.time())
        if name == "A":
            time.sleep(20)
    outs = {}

    def reader(n):
        outs[n] = procs[n][0].communicate()[0]
    ts = [threading.Thread(target=reader, args=(n,)) for n in procs]
    [t.start() for t in ts]
    while any(t.is_alive() for t in ts):
        for n in procs:
            seen[n] |= uids_under(procs[n][0].pid)
        time.sleep(0.5)
    for n, (p, t0) in procs.items():
        print(f"=== run {n}: rc={p.returncode}, {time.time() - t0:.0f}s, host uids of its sandboxes: {sorted(seen[n])}")
        print(outs[n][-1500:].replace(ROOT, "<clone>"))
    print("shared host uids:", sorted(seen["A"] & seen["B"]))
    show(a); show(b)
    import nbformat
    for dest, student in ((a, "mallory"), (b, "alice_honest")):
        nb = nbformat.read(os.path.join(dest, "autograded", student, "ps2_ddp", "ps2_ddp.ipynb"), 4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                t = o.get("text") or (o.get("ename", "") + ": " + o.get("evalue", ""))
                if "A15" in t or (student == "alice_honest" and o.get("output_type") == "error"):
                    print(f"--- {student} [{c.metadata.get('nbgrader', {}).get('grade_id')}] {t[:800]}")
    cleanup(a); cleanup(b)
    print("cleaned up")


if __name__ == "__main__":
    main()
