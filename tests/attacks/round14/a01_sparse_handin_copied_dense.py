"""a01: a hand-in that takes almost no disk (one sparse file of 4 GiB apparent size beside the release notebook)
is copied by the grader, as root, outside any sandbox, into the course's autograded/ (and wherever else it goes):
does the grading write those gigabytes onto the grader's disk? The README caps a hand-in by its number of files
and folders (1,000) and its notebook's size (64 MiB), not by the bytes of its other files.
Honest control: the solution, graded in the same run."""
import os, shutil, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common14 import course, grade, show, honest_nb, notebook, du, cleanup  # noqa: E402

DEST = "/tmp/attack14-a01"
SIZE = 4 * 2**30

dest = course(DEST, {"alice_honest": honest_nb(), "mallory": notebook()})
handin = os.path.join(dest, "submitted", "mallory", "ps1_memory")
with open(os.path.join(handin, "checkpoint.bin"), "wb") as fh:
    fh.truncate(SIZE)              # a hole: 0 blocks on disk
print("hand-in on disk (real, apparent):", [f"{x / 2**20:.1f} MiB" for x in du(handin)])

peak = {"bytes": 0, "where": None}
stop = False


def watch():
    while not stop:
        for sub in ("autograded", "feedback", "submitted"):
            r, _ = du(os.path.join(dest, sub))
            if r > peak["bytes"]:
                peak.update(bytes=r, where=sub)
        time.sleep(0.5)


st0 = shutil.disk_usage("/tmp").used
t = threading.Thread(target=watch, daemon=True)
t.start()
grade(dest)
stop = True
t.join()
for sub in ("submitted", "autograded", "feedback"):
    for student in ("alice_honest", "mallory"):
        p = os.path.join(dest, sub, student)
        if os.path.exists(p):
            r, a = du(p)
            print(f"{sub}/{student}: real {r / 2**20:.1f} MiB, apparent {a / 2**20:.1f} MiB")
print(f"peak real bytes under one course subfolder during grading: {peak['bytes'] / 2**30:.2f} GiB in {peak['where']}/")
print(f"disk used on the course's filesystem grew by {(shutil.disk_usage('/tmp').used - st0) / 2**30:.2f} GiB (shared disk: noisy)")
show(dest)
cleanup(dest)
print("cleaned up", DEST)
