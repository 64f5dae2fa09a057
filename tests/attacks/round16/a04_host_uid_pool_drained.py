"""a04 (root): re-attack of round 15's fix (host uids taken machine-wide with a lock, and given back only when no
process of that uid is left: `HostUids.give_back` is skipped when `_processes_of(uid)` is true at the submission's
cleanup). A uid not given back stays out of the pool for the rest of the run; when the 64 uids of the pool are out,
every later submission gets None and runs as the shared 65534 again (round 14's hole). This script grades a class
and reads, from outside, which host uid each sandbox ran as, to see whether uids come back to the pool.
argv: N_HONEST [N_SLOW]: N_SLOW hostile hand-ins (a last cell forks 120 children that each hold 24 MiB, so that
their deaths take a while when the sandbox is killed), then N_HONEST honest ones."""
import os, sys, subprocess, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common16 import *  # noqa
from common16 import _descends  # noqa
from attack_course import notebook  # noqa

SLOW = r'''
import os, time
for _i in range(120):
    if os.fork() == 0:
        _b = bytearray(24 * 2**20)
        for _j in range(0, len(_b), 4096):
            _b[_j] = 1
        time.sleep(3600)
        os._exit(0)
q5 = 'a'
'''


def mutate(nb):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = SLOW


def pool_uids():
    out = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                uid = os.stat(f"/proc/{p}").st_uid
            except OSError:
                continue
            if 65470 <= uid <= 65534:
                out.setdefault(uid, []).append(int(p))
    return out


def locks_held(pid):
    """flock locks of the grading process on files of the uid lock folder (by inode, from /proc/locks)."""
    inodes = set()
    for name in os.listdir("/run/distcourse-host-uids"):
        try:
            inodes.add(os.stat(os.path.join("/run/distcourse-host-uids", name)).st_ino)
        except OSError:
            pass
    n = 0
    for line in open("/proc/locks"):
        f = line.split()
        if "FLOCK" in f and str(pid) in f:
            ino = int(f[f.index(str(pid)) + 1].split(":")[-1])
            n += ino in inodes
    return n


def main():
    n_honest = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    n_slow = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    students = {}
    for i in range(n_slow):
        students[f"m{i:02d}_mallory"] = notebook(mutate=mutate)
    h = honest()
    for i in range(n_honest):
        students[f"z{i:02d}_honest"] = h
    d = course("/tmp/attack16-a04", students)
    env = {**os.environ, **CANARY_ENV}
    cmd = [PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1"]
    print("$", " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
    t0 = time.time()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    threading.Thread(target=lambda: [lines.append((time.time() - t0, l.rstrip())) for l in proc.stdout], daemon=True).start()
    first_seen, last_seen, mine = {}, {}, set()
    held_prev = -1
    while proc.poll() is None:
        now = time.time() - t0
        held = locks_held(proc.pid)
        if held != held_prev:
            print(f"{now:6.1f}s  uid locks held by the grading process: {held}", flush=True)
            held_prev = held
        for uid, pids in pool_uids().items():
            if any(_descends(p, proc.pid) for p in pids):
                mine.add(uid)
            if uid in mine or any(_descends(p, proc.pid) for p in pids):
                if uid not in first_seen or now - last_seen.get(uid, 0) > 1.0:
                    print(f"{now:6.1f}s  host uid {uid} in use ({len(pids)} processes)", flush=True)
                    first_seen.setdefault(uid, now)
                last_seen[uid] = now
        time.sleep(0.2)
    time.sleep(0.5)
    print(f"grade rc={proc.returncode} in {time.time() - t0:.0f}s")
    for t, l in lines:
        if "graded" in l or "failed" in l or "ps1_memory/" in l:
            print(f"{t:6.1f}s  grader: {l[:160]}")
    print("distinct host uids used by this run:", len(mine), sorted(mine, reverse=True))
    left = {u: p for u, p in pool_uids().items() if u in mine}
    print("processes of those uids left after the run:", left)
    show(d)
    cleanup(d)


if __name__ == "__main__":
    main()
