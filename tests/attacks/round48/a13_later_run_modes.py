"""a13: on a later run of an already-private course, poll every file the run makes or replaces in the course
folder's top level (the journal SQLite makes beside gradebook.db, the report, grades.csv, the plot, the temporary
files write_beneath makes) and record the widest mode each had while it existed: is grading_report.json (a04) the
only one others may read?"""
from common import *
import threading, stat
c = make_course("a13")
for s in ("aaron", "mallory", "zoe"):
    hand_in(c, s, honest())
grade(c)
modes, stop = {}, []
def poll():
    while not stop:
        try:
            for e in os.scandir(c):
                try:
                    m = stat.S_IMODE(e.stat(follow_symlinks=False).st_mode)
                except OSError:
                    continue
                modes[e.name] = modes.get(e.name, 0) | m
        except OSError:
            pass
        time.sleep(0.003)
t = threading.Thread(target=poll); t.start()
grade(c, extra=["--regrade"])
stop.append(1); t.join()
print(open(c + "/grades.csv").read())
for name, m in sorted(modes.items()):
    flag = "  <-- readable by others" if m & 0o004 and name not in ("release", "nbgrader_config.py") else ""
    print(f"{oct(m):>7} {name}{flag}")
