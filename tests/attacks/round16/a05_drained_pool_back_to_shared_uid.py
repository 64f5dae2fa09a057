"""a05 (root): what a04's leak costs. Host uids are never given back during a run (a04: the grading process holds
one more uid lock after every submission, none released), so in a class of more than 64 submissions (fewer where
another run on the machine holds some) the pool is empty and `HostUids.take()` returns None: every later
submission's sandboxes run as the one shared host uid 65534 again, and round 14's hog works again.
One grading command, `--workers 2`, the fork server asked for (DISTCOURSE_START_METHOD=forkserver, what a GPU
machine runs): 70 ps1 hand-ins (the untouched release notebook: students f000..f069, they only use up the pool), then
ps2: alice_honest (the ps2 solution, the control) graded beside mallory (round 14's hog: 1,500 descriptors in
flight, then 100 s of quiz cells). Honest ps2 alone with the fork server: 24/24 (round 15 a02b, and the
control run `--control` of this script: the same course without the 70 fillers).
FILLERS=N sets the number of fillers; SLOW=1 makes each filler leave 100 sleeping processes (4 MiB each) to the end
of its sandbox, so that none of their uids comes back (an attacker's friends, or just a large class: honest
submissions leak most of theirs too)."""
import os, sys, subprocess, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common16 import *  # noqa
from common16 import _descends  # noqa
from attack_course import release_nb, notebook  # noqa
from a04_host_uid_pool_drained import pool_uids, locks_held  # noqa
import nbformat  # noqa

HOG = r'''
import socket as _s, array as _a
_hog_a, _hog_b = _s.socketpair()
_n = 0
try:
    while True:
        _hog_a.sendmsg([b"x"], [(_s.SOL_SOCKET, _s.SCM_RIGHTS, _a.array("i", [_hog_a.fileno()] * 250))]); _n += 250
except OSError as _e:
    print(f"A16 hog: {_n} descriptors in flight, then {_e}", flush=True)
'''
SLEEP = "import time; time.sleep(25)\n"


def mutate(nb):
    for c in nb.cells:
        gid = c.metadata.get("nbgrader", {}).get("grade_id")
        if gid == "average_gradients":
            c.source = HOG + "\ndef average_gradients(model):\n    pass\n"
        elif gid in ("quiz_q1", "quiz_q2", "quiz_q3", "quiz_q4"):
            c.source = SLEEP + f"{gid[-2:]} = 'a'\n"


SLOW_CELL = r'''
import os, time
for _i in range(100):
    if os.fork() == 0:
        _b = bytearray(4 * 2**20)
        for _j in range(0, len(_b), 4096):
            _b[_j] = 1
        time.sleep(3600)
        os._exit(0)
q5 = 'a'
'''


def slow_mutate(nb):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = SLOW_CELL


def main():
    control = "--control" in sys.argv
    n_fill = 0 if control else int(os.environ.get("FILLERS", "70"))
    d = "/tmp/attack16-a05"
    shutil.rmtree(d, ignore_errors=True)
    subprocess.run([PY, "-c", f"from grader.course import copy_course; copy_course({d!r}, ['ps1_memory', 'ps2_ddp'])"],
                   cwd=ROOT, check=True)
    r1 = release_nb("ps1_memory")
    if os.environ.get("SLOW"):  # each filler leaves 100 sleeping processes to its sandbox's end: its uid is never given back
        r1 = notebook(mutate=slow_mutate)
    for i in range(n_fill):
        os.makedirs(os.path.join(d, "submitted", f"f{i:03d}", "ps1_memory"))
        nbformat.write(r1, os.path.join(d, "submitted", f"f{i:03d}", "ps1_memory", "ps1_memory.ipynb"))
    for student, nb in (("alice_honest", honest("ps2_ddp")), ("mallory", notebook(mutate=mutate, assignment="ps2_ddp"))):
        os.makedirs(os.path.join(d, "submitted", student, "ps2_ddp"))
        nbformat.write(nb, os.path.join(d, "submitted", student, "ps2_ddp", "ps2_ddp.ipynb"))
    env = {**os.environ, **CANARY_ENV, "DISTCOURSE_START_METHOD": "forkserver"}
    cmd = [PY, "-m", "grader.grade", "--course-dir", d, "--workers", "2"]
    print("$ DISTCOURSE_START_METHOD=forkserver", " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
    t0 = time.time()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    threading.Thread(target=lambda: [lines.append((time.time() - t0, l.rstrip())) for l in proc.stdout], daemon=True).start()
    seen, held_prev, events = {}, -1, []
    while proc.poll() is None:
        now = time.time() - t0
        held = locks_held(proc.pid)
        if held != held_prev:
            events.append(f"{now:6.1f}s  uid locks held by the grading process: {held}")
            held_prev = held
        for uid, pids in pool_uids().items():
            mine = [p for p in pids if _descends(p, proc.pid)]
            if mine and (uid not in seen or now - seen[uid] > 2.0):
                events.append(f"{now:6.1f}s  host uid {uid}: {len(mine)} of this run's processes")
            if mine:
                seen[uid] = now
        time.sleep(0.25)
    time.sleep(0.5)
    print(f"grade rc={proc.returncode} in {time.time() - t0:.0f}s")
    merged = events + [f"{t:6.1f}s  grader: {l[:150]}" for t, l in lines if "ps1_memory/" in l or "ps2_ddp/" in l]
    merged.sort(key=lambda s: float(s.split("s", 1)[0]))
    print("\n".join(merged))
    print("distinct host uids this run's sandboxes ran as:", len(seen), sorted(seen, reverse=True))
    print("\n".join(l for _, l in lines[-40:]).replace(ROOT, "<clone>"))
    show_students = ["alice_honest", "mallory"]
    from attack_course import scores as _scores  # noqa
    try:
        sc = _scores(d)
        for s in show_students:
            print(s, sc.get(s) if isinstance(sc, dict) else "")
    except Exception as e:  # noqa
        print("scores:", e)
    for student in show_students:
        nb = nbformat.read(os.path.join(d, "autograded", student, "ps2_ddp", "ps2_ddp.ipynb"), 4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                t = o.get("text") or (o.get("ename", "") + ": " + o.get("evalue", ""))
                if "A16" in t or (student == "alice_honest" and o.get("output_type") == "error"):
                    print(f"--- {student} [{c.metadata.get('nbgrader', {}).get('grade_id')}] {t[:600]}")
    cleanup(d)


if __name__ == "__main__":
    main()
