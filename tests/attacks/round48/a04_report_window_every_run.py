"""a04: on every run (not only the first), grading_report.json is written anew (write_beneath, mode 0o644, a new
file renamed into place) before the class steps (feedback, export, plot) end; keep_private() takes the modes off only
after them. A local student (eve48) polls it in a tight loop during a second run of an already-graded course and
records how long it was readable and what it held (every student's id, status, failure reason, seconds)."""
from common import *
c = make_course("a04")
for s in ("aaron", "mallory", "zoe"):
    hand_in(c, s, honest())
grade(c)  # first run: makes everything private at its end
# second run: zoe's hand-in now kills its kernel (a failed status in the report), a new student bob
nb = honest(overrides={"training_memory": "import os\nos._exit(3)"})
hand_in(c, "zoe", nb)
hand_in(c, "bob", honest())
for s in ("zoe", "bob"):
    subprocess.run(["chmod", "-R", "go-rwx", f"{c}/submitted/{s}"])
WATCH = r'''
import os, sys, time, json
p, stop, out = sys.argv[1], sys.argv[2], sys.argv[3]
first = last = None; content = b''; n = 0
while not os.path.exists(stop):
    try:
        data = open(p, 'rb').read()
        now = time.time(); n += 1
        first = first or now; last = now; content = data
    except OSError:
        pass
    time.sleep(0.005)
json.dump({'first': first, 'last': last, 'reads': n, 'content': content.decode('utf-8', 'replace')}, open(out, 'w'))
'''
open("/tmp/eve48-watch-a04.py", "w").write(WATCH)
stop, out = "/tmp/eve48-stop-a04", "/tmp/eve48-a04.json"
for f in (stop, out):
    if os.path.exists(f): os.remove(f)
os.chmod("/tmp", 0o1777)
w = subprocess.Popen(["runuser", "-u", "eve48", "--", CLONE + "/.venv/bin/python", "/tmp/eve48-watch-a04.py",
                      c + "/grading_report.json", stop, out])
t0 = time.time()
grade(c, extra=["--regrade"])
t1 = time.time()
open(stop, "w").close(); w.wait(timeout=30)
r = json.load(open(out))
print(f"run: {t1 - t0:.1f} s; eve48 read grading_report.json {r['reads']} times, readable for "
      f"{(r['last'] - r['first']) if r['first'] else 0:.2f} s (from {r['first'] and r['first'] - t0:.1f} s into the run)")
print("what eve48 read:\n" + r["content"])
print(open(c + "/grades.csv").read())
subprocess.run(["ls", "-la", c])
os.remove(out)
