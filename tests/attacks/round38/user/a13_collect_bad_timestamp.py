"""a13: the inbound folder's name carries its timestamp, which collect parses (dateutil) for every folder of the
assignment before it copies any. mallory writes one more folder whose timestamp does not parse
(`mallory+ps1_memory+not a date+x`) beside her own good hand-in. Is it skipped, or does the class's collection stop?"""
from lib import *
A = "ps1_memory"
d = make_course("a13")
X = "/tmp/attack38-user-a13-exchange"
if os.path.exists(X): shutil.rmtree(X)
inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
def as_student(uid, code):
    subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups", sys.executable, "-c", code], check=True)
ts = "2026-11-29 11:00:00.000000 UTC"
for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
    tmp = f"/tmp/attack38-user-a13-{s}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
as_student(2002, f"import os; os.mkdir('{inbound}/mallory+{A}+not a date+x')")
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                    f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True)
print("collect rc", r.returncode, (r.stdout + r.stderr)[-700:])
os.system(f"ls {d}/submitted/ 2>&1")
