"""a06: collect refuses a notebook whose link count is over 1 ("a hard link?") and dates a hand-in by the latest
change time (ctime) of its folder and notebook. A hard link that MALLORY makes to AARON's notebook (readable, 0644,
in his folder of the inbound folder) raises its link count and its ctime; no permission on aaron's folder is needed,
only fs.protected_hardlinks = 0 (the kernel's own default; systemd distributions set 1). Run twice: with this host's
setting (1) and, for a few seconds, with 0 (restored at once)."""
import os, sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    for ph in ("1", "0"):
        print(f"=== fs.protected_hardlinks = {ph}")
        d = make_course("a06"); X, inbound = make_exchange("a06")
        open(f"{d}/nbgrader_config.py", "a").write(f"\nc.Exchange.root = {X!r}\nc.CourseDirectory.course_id = 'distcourse'\n")
        honest_inbound(inbound, A)
        mine = f"/tmp/attack42-user-a06-mallory"; os.makedirs(mine, exist_ok=True); os.chown(mine, 2422, 100)
        aaron_nb = glob.glob(f"{inbound}/{AARON}+*/{A}.ipynb")[0]
        old = open("/proc/sys/fs/protected_hardlinks").read().strip()
        try:
            open("/proc/sys/fs/protected_hardlinks", "w").write(ph)
            r = as_student(2422, f"import os; os.link({aaron_nb!r}, {mine + '/x'!r}); print('mallory linked aaron42u notebook: nlink', os.stat({aaron_nb!r}).st_nlink)", check=False)
            print("link as mallory rc", r.returncode)
        finally:
            open("/proc/sys/fs/protected_hardlinks", "w").write(old)
        print("protected_hardlinks back to", open("/proc/sys/fs/protected_hardlinks").read().strip())
        chown(d); r = collect(d, X, A)
        print("\n".join(l[:250] for l in (r.stdout + r.stderr).splitlines() if AARON in l or "hard link" in l)[:1500])
        print("collected:", sorted(os.listdir(f"{d}/submitted")) if os.path.isdir(f"{d}/submitted") else [])
        for s in (AARON, ZOE):
            p = f"{d}/submitted/{s}/{A}/timestamp.txt"
            print(s, "timestamp", open(p).read().strip() if os.path.exists(p) else None)
        if os.path.isdir(f"{d}/submitted"):
            grade(d, A); scores(d)
        shutil.rmtree(d); shutil.rmtree(X); shutil.rmtree(mine)
finally:
    del_accounts()
