"""a02: round 42's collect fix: a notebook with other names (st_nlink > 1) that the student owns is collected,
'timed by its folder only' - its own change time is ignored. So mallory makes her folder (named for now, T0) with her
notebook as a second name of a draft file she keeps elsewhere in the inbound folder; after the deadline (T0 + 60 s)
and past LATE_SLACK (300 s), she writes her answers through the draft's name: the notebook in the folder changes, its
folder does not. zoe (control) rewrites her notebook in place (one name): the README's promise says she is late.
aaron (control) hands in on time, once. The TA runs `nbgrader collect` (the course's SafeCollect)."""
import datetime, os, shutil, subprocess, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
U = ((2431, "aaron43r"), (2432, "mallory43r"), (2433, "zoe43r"))
def as_student(uid, code):
    return subprocess.run(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code], check=True)
for uid, s in U:
    subprocess.run(["userdel", s], stderr=subprocess.DEVNULL)
    subprocess.run(["useradd", "-M", "-N", "-u", str(uid), "-s", "/usr/sbin/nologin", s], check=True)
X = "/tmp/attack43-root-a02-exchange"; shutil.rmtree(X, ignore_errors=True)
inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o1733)
blank = "/tmp/attack43-root-a02-blank.ipynb"; nbformat.write(nbformat.read(f"{CLONE}/release/{A}/{A}.ipynb", 4), blank)
full = "/tmp/attack43-root-a02-full.ipynb"; nbformat.write(nb_for(A), full)
for f in (blank, full): os.chmod(f, 0o644)
try:
    T0 = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None); ts = T0.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    due = T0 + datetime.timedelta(seconds=60)
    for uid, s in U:
        src = full if s == "aaron43r" else blank
        code = f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); shutil.copy('{src}', p+'/{A}.ipynb')"
        if s == "mallory43r":  # the notebook is a second name of her draft, kept in a folder of hers collect never takes
            code = (f"import os,shutil; os.umask(0o022); dr='{inbound}/mallory43r-drafts'; os.mkdir(dr); shutil.copy('{src}', dr+'/draft.ipynb'); "
                    f"p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.link(dr+'/draft.ipynb', p+'/{A}.ipynb')")
        as_student(uid, code)
    print(f"T0 {ts}; due {due} UTC; waiting {300 + 60 + 20} s (past the due date and LATE_SLACK) ...", flush=True)
    time.sleep(380)
    print("after the deadline, at", datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None))
    # mallory: writes her answers into the draft's name (the same file: the notebook in her folder changes, the folder not)
    as_student(2432, f"import shutil; open('{inbound}/mallory43r-drafts/draft.ipynb','w').write(open('{full}').read())")
    # zoe (control): writes her answers into the notebook in her folder, in place
    zp = [p for p in os.listdir(inbound) if p.startswith("zoe43r+")][0]
    as_student(2433, f"open('{inbound}/{zp}/{A}.ipynb','w').write(open('{full}').read())")
    for p in sorted(os.listdir(inbound)):
        for n in os.listdir(f"{inbound}/{p}"):
            st = os.stat(f"{inbound}/{p}/{n}")
            print(f"  {p}/{n}: nlink {st.st_nlink} ctime {datetime.datetime.utcfromtimestamp(st.st_ctime)}; folder ctime {datetime.datetime.utcfromtimestamp(os.stat(f'{inbound}/{p}').st_ctime)}")
    d = course("a02")
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "collect", A, f"--Exchange.root={X}", "--CourseDirectory.course_id=distcourse"],
                       cwd=d, env=dict(ENV, PATH=f"{CLONE}/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True, timeout=600)
    print("collect rc", r.returncode); print("\n".join(l[:240] for l in (r.stdout + r.stderr).splitlines() if "43r" in l or "ERROR" in l))
    for uid, s in U:
        p = f"{d}/submitted/{s}/{A}/timestamp.txt"
        t = open(p).read().strip() if os.path.exists(p) else None
        late = t and datetime.datetime.strptime(t, "%Y-%m-%d %H:%M:%S.%f UTC") > due
        print(f"{s:12s} collected timestamp {t}  -> {'LATE' if late else 'on time'} (due {due})")
    grade(d, A); scores(d, A)
finally:
    for uid, s in U: subprocess.run(["userdel", s])
    shutil.rmtree(X, ignore_errors=True)
    for f in (blank, full): os.unlink(f)
