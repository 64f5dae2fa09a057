"""a27 (new code, SafeCollect): mallory's inbound entry is itself a link (`mallory+ps1_memory+<ts>+r -> the course's
source/ps1_memory`). The owner check lstat()s it (hers); do_copy then raises "is not a folder (a link?)". Is it skipped,
or does the error end the collection before the students after her?"""
from lib import *
A = "ps1_memory"
for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
    subprocess.run(["useradd", "-M", "-N", "-u", str(uid), "-s", "/usr/sbin/nologin", s], check=True)
try:
    d = make_course("a27")
    X = "/tmp/attack38-user-a27-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
    chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    ts = "2026-11-29 11:00:00.000000 UTC"
    for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
        tmp = f"/tmp/attack38-user-a27-{s}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        code = (f"import os; os.symlink('{d}/source/{A}', '{inbound}/{s}+{A}+{ts}+r')" if s == "mallory" else
                f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        subprocess.run(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code], check=True)
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
    print("collect rc", r.returncode, (r.stdout + r.stderr).strip().splitlines()[-1][:200])
    print("order:", [l.split("submission: ")[1] for l in (r.stdout + r.stderr).splitlines() if "Collecting submission" in l])
    print("collected:", {s: os.path.exists(f"{d}/submitted/{s}/{A}/{A}.ipynb") for s in ("aaron", "mallory", "zoe")})
finally:
    for s in ("aaron", "mallory", "zoe"):
        subprocess.run(["userdel", s])
