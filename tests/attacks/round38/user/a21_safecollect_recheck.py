"""a21 (new code, SafeCollect): a04/a05/a07/a13 again, with real accounts: mallory's notebook a link to source/,
data.bin -> /dev/zero, a forged aaron+... folder of hers, and an unparsable timestamp folder. aaron and zoe honest."""
from lib import *
A = "ps1_memory"
for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
    subprocess.run(["useradd", "-M", "-N", "-u", str(uid), "-s", "/usr/sbin/nologin", s], check=True)
try:
    d = make_course("a21")
    X = "/tmp/attack38-user-a21-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
    chown(d); chown(X); os.chmod(d, 0o700); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    ts = "2026-11-29 11:00:00.000000 UTC"
    def as_student(uid, code):
        subprocess.run(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code], check=True)
    for uid, s in ((2001, "aaron"), (2003, "zoe")):
        tmp = f"/tmp/attack38-user-a21-{s}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    tmp = "/tmp/attack38-user-a21-forged.ipynb"; nbformat.write(release_nb(A), tmp); os.chmod(tmp, 0o644)
    as_student(2002, f"import os,shutil; p='{inbound}/mallory+{A}+{ts}+r'; os.mkdir(p); os.chmod(p,0o755); "
                     f"os.symlink('{d}/source/{A}/{A}.ipynb', p+'/{A}.ipynb'); os.symlink('/dev/zero', p+'/data.bin'); "
                     f"q='{inbound}/aaron+{A}+2026-11-29 12:00:00.000000 UTC+zzz'; os.mkdir(q); os.chmod(q,0o755); shutil.copy('{tmp}', q+'/{A}.ipynb'); "
                     f"os.mkdir('{inbound}/mallory+{A}+not a date+x')")
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
    print("collect rc", r.returncode); print("\n".join(l[:200] for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l or "Collecting" in l))
    os.system(f"ls -la {d}/submitted/mallory/{A}/")
    grade(d, A)
    scores(d)
    print([ (o["student"], o["status"], o["reason"][:160]) for o in json.load(open(f"{d}/grading_report.json"))])
finally:
    for s in ("aaron", "mallory", "zoe"):
        subprocess.run(["userdel", s])
