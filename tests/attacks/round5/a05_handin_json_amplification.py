# a05 (root): host memory of the grading process from the hand-in itself. The hand-in is refused above
# 512 MiB (its bytes), but nbgrader reads the notebook on the host (json.loads, NotebookNode conversion,
# validation) where "[[],[],...]" costs ~3 bytes on disk and ~70-150 bytes in memory. The notebook is the
# untouched release with MB megabytes of empty lists in the notebook's metadata (a key nbgrader keeps).
# RESULT (root, 05:20-05:33 UTC): BROKEN (caps that cap / harm to the class). A 98 MB hand-in (under the 512 MiB cap)
# took 563 s to grade + feedback, 737 s for the run (the untouched release: ~15 s), and the grading child on the host
# (root, no cgroup) peaked at 6.3 GiB RSS (a05_rss.log, sampled every 5 s: 6622248 kB at 05:30:49; the feedback
# pass another 5.1 GiB). At the 512 MiB cap that is ~30 GiB and more than the 900 s submission timeout.
# Score 0/30 (the sampler of monitor.py stopped at a psutil error in this run; fixed since).
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched

MB = int(os.environ.get("MB", "40"))
n = MB * 2**20 // 3
nb = ac.notebook()
nb.metadata["padding"] = [[]] * n
dest = ac.make_course("r5-a05", {"padded": nb})
p = f"{dest}/submitted/padded/ps1_memory/ps1_memory.ipynb"
print("hand-in bytes:", os.path.getsize(p))
grade_watched(dest)
ac.show(dest)
