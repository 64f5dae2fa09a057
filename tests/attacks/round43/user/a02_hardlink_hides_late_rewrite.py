"""a02: round 42's fix to collect: a notebook with other names (nlink > 1) is collected if the student owns it, and is
"timed by its folder only" (its ctime is ignored). The late rule says a notebook rewritten in its folder after the
time in the folder's name (more than LATE_SLACK = 300 s) is late. mallory makes her folder named for now, puts her
notebook in it and ONE hard link of her own to it (a second name in her own folder), then, past the slack (6 min
later: after the deadline), rewrites the notebook in place (open O_TRUNC + write: the folder's ctime does not move).
Control nina does the same rewrite without the extra name: collect must call her late. aaron and zoe hand in on time.
Then collect as the TA (65534), read each timestamp.txt, and grade the four as 65534."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
import datetime
A = "ps1_memory"; WAIT = int(os.environ.get("WAIT", "330"))
NINA = (2535, "nina43u"); MAL = (2532, MALLORY)
add_accounts()
try:
    X, inbound = make_exchange("a02")
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    honest_inbound(inbound, A, ts=now)
    draft = release_nb(A)  # the release as handed out: no work done (the "on time" version)
    final = honest(A)      # the work, finished after the deadline
    for p, nb in (("/tmp/attack43-user-draft.ipynb", draft), ("/tmp/attack43-user-final.ipynb", final)):
        nbformat.write(nb, p); os.chmod(p, 0o644)
    for (uid, s), extra in ((MAL, True), (NINA, False)):
        as_student(uid, f"""import os, shutil
p = '{inbound}/{s}+{A}+{now}+r{uid}'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('/tmp/attack43-user-draft.ipynb', p + '/{A}.ipynb')
if {extra}: os.link(p + '/{A}.ipynb', p + '/.{A}.keep')  # a second name of her own notebook
""")
    print(f"folders named {now}; waiting {WAIT}s (past the 300-s slack) before the late rewrite", flush=True)
    time.sleep(WAIT)
    for uid, s in (MAL, NINA):
        as_student(uid, f"""import glob
p = '{inbound}/{s}+{A}+{now}+r{uid}/{A}.ipynb'
data = open('/tmp/attack43-user-final.ipynb', 'rb').read()
with open(p, 'r+b') as f:
    f.truncate(0); f.write(data)
""")
    print("rewrote at", datetime.datetime.now(datetime.timezone.utc))
    subprocess.run(f"ls -la --time=ctime --full-time {inbound}/*/", shell=True)
    d = make_course("a02"); chown(d)
    collect(d, X, A)
    for s in (AARON, MALLORY, NINA[1], ZOE):
        p = f"{d}/submitted/{s}/{A}"
        ts = open(p + "/timestamp.txt").read() if os.path.exists(p + "/timestamp.txt") else None
        nb = open(p + f"/{A}.ipynb").read() if os.path.exists(p + f"/{A}.ipynb") else ""
        print(f"{s:12} collected time {ts}   notebook is the finished work: {'BEGIN SOLUTION' in nb or len(nb) == len(open('/tmp/attack43-user-final.ipynb').read())}")
    grade(d, A); scores(d)
    print("gradebook timestamps:", sqlite3.connect(f"{d}/gradebook.db").execute(
        "select student.id, submitted_assignment.timestamp from submitted_assignment join student on student.id=submitted_assignment.student_id order by 1").fetchall())
finally:
    del_accounts()
    for p in ("/tmp/attack43-user-draft.ipynb", "/tmp/attack43-user-final.ipynb"):
        if os.path.exists(p): os.unlink(p)
    for p in ("/tmp/attack43-user-a02", "/tmp/attack43-user-a02-exchange"):
        shutil.rmtree(p, ignore_errors=True)
