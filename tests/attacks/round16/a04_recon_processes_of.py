"""Recon for a04 (not an attack through the grading command): grader.grade.main with `_processes_of` wrapped to
print what it sees at each call (take: before a uid is handed out; cleanup: before it is given back). Usage:
<clone>/.venv/bin/python tests/attacks/round16/a04_recon_processes_of.py --course-dir DIR --workers 1"""
import sys, os, time
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
from grader import grade as g
orig = g._processes_of
def logged(uid):
    r = orig(uid)
    procs = []
    for e in os.listdir("/proc"):
        if e.isdigit():
            try:
                if os.stat(f"/proc/{e}").st_uid == uid:
                    procs.append((e, open(f"/proc/{e}/comm").read().strip(), open(f"/proc/{e}/stat").read().rsplit(")",1)[1].split()[0]))
            except OSError:
                pass
    print(f"RECON _processes_of({uid}) -> {r}: {procs[:6]}", file=sys.stderr, flush=True)
    return r
g._processes_of = logged
sys.exit(g.main(sys.argv[1:]))
