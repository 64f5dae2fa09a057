"""a05: the exchange's inbound folder names each hand-in `<student>+<assignment>+<timestamp>+<random>`, and
`nbgrader collect` takes each student's newest. mallory (uid 2002) writes a hand-in named as aaron's, newer than
his, holding the unfilled release notebook. collect's owner check (CollectApp.check_owner) only logs a warning.
Temporary accounts aaron/mallory/zoe (uids 2001-2003) so the owner check can name owners; removed at the end."""
from lib import *
A = "ps1_memory"
for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
    subprocess.run(["useradd", "-M", "-N", "-u", str(uid), "-s", "/usr/sbin/nologin", s], check=True)
try:
    d = make_course("a05")
    X = "/tmp/attack38-user-a05-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"
    os.makedirs(inbound)
    chown(d); chown(X)
    os.chmod(d, 0o700); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    def as_student(uid, code):
        subprocess.run(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code], check=True)
    ts = "2026-11-29 11:00:00.000000 UTC"
    for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
        tmp = f"/tmp/attack38-user-a05-{s}.ipynb"
        nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); "
                        f"shutil.copy('{tmp}', p+'/{A}.ipynb')")
    # mallory's forgery, named as aaron's, one hour later: the unfilled release notebook
    tmp = "/tmp/attack38-user-a05-forged.ipynb"
    nbformat.write(release_nb(A), tmp); os.chmod(tmp, 0o644)
    as_student(2002, f"import os,shutil; p='{inbound}/aaron+{A}+2026-11-29 12:00:00.000000 UTC+zzz'; os.mkdir(p); os.chmod(p,0o755); "
                     f"shutil.copy('{tmp}', p+'/{A}.ipynb')")
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True)
    print("collect rc", r.returncode, (r.stdout + r.stderr)[-1500:])
    os.system(f"cmp {d}/submitted/aaron/{A}/{A}.ipynb {tmp} && echo \"aaron's submitted notebook is mallory's forgery\"")
    grade(d, A)
    scores(d)
finally:
    for s in ("aaron", "mallory", "zoe"):
        subprocess.run(["userdel", s])
