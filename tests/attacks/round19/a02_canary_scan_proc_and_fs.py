"""a02: "no secrets in the environment" / "nothing hidden is readable", as root, from the kernel and from the OTHER
student's traces: the hostile cell walks every /proc/<pid>/{environ,cmdline,maps} it can open and every readable
regular file under / (skipping /proc, /sys; first 1 MiB each) looking for the grader's canary DATABASE_URL
password ("ta:secret"), the honest student's name ("aa_honest"), and "autograders", and prints the hits (and the pids
and uids it can see) into the notebook. Then the graded notebook, feedback and grades.csv are searched for the canary.
Through `python -m grader.grade --course-dir DIR --workers 1`, beside the honest solution (control)."""
import os, sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common19 import *  # noqa

A = "ps1_memory"
CODE = r'''
import os
needles = [b"ta:" + b"secret", b"aa_" + b"honest", b"autograd" + b"ers"]  # split so the cell source holds none
hits, seen, pids = [], 0, []
for p in os.listdir("/proc"):
    if not p.isdigit(): continue
    try: pids.append((p, open(f"/proc/{p}/status").read().split("Uid:")[1].split()[0]))
    except OSError: pass
    for f in ("environ", "cmdline", "maps"):
        try: b = open(f"/proc/{p}/{f}", "rb").read()
        except OSError: continue
        hits += [f"/proc/{p}/{f}:{n!r}" for n in needles if n in b]
for root, dirs, files in os.walk("/"):
    if root == "/": dirs[:] = [d for d in dirs if d not in ("proc", "sys")]
    for name in files:
        path = os.path.join(root, name)
        try:
            if not os.path.isfile(path) or os.path.islink(path): continue
            with open(path, "rb") as fh: b = fh.read(1 << 20)
        except OSError: continue
        seen += 1
        hits += [f"{path}:{n!r}" for n in needles if n in b]
print("PIDS", len(pids), pids[:12])
print("FILES_READ", seen, "HITS", len(hits))
for h in hits[:40]: print("HIT", h)
'''


def main():
    dest = "/tmp/attack19-a02"
    course(dest, {"aa_honest": honest(A), "mallory": notebook(overrides={"quiz_q1": CODE}, assignment=A)}, A)
    grade(dest)
    sc = scores(dest)
    for s, v in sorted(sc.items()):
        print("SCORE", s, v["score"], "/", v["max"])
    nb = open(os.path.join(dest, "autograded", "mallory", A, f"{A}.ipynb")).read()
    for line in nb.replace("\\n", "\n").split("\n"):
        if any(k in line for k in ("PIDS", "FILES_READ", "HIT ")):
            print("KERNEL SAW:", line[:600].replace(ROOT, "<clone>"))
    leaked = []
    for f in glob.glob(os.path.join(dest, "autograded", "**", "*"), recursive=True) + \
             glob.glob(os.path.join(dest, "feedback", "**", "*"), recursive=True) + [os.path.join(dest, "grades.csv")]:
        if os.path.isfile(f) and b"ta:secret" in open(f, "rb").read():
            leaked.append(f.replace(dest, "<course>"))
    print("RESULT canary in graded notebooks/feedback/grades:", leaked or "none")
    cleanup(dest)


if __name__ == "__main__":
    main()
