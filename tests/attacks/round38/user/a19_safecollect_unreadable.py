"""a19 (on the clone's new code, 343d0d5: grader/collect.py SafeCollect, links copied as links, special files left
out, owners checked, bad timestamps skipped): does one student's unreadable entry still stop the class's collection?
mallory (a real account, so the owner check passes) hands in (1) her inbound folder mode 000; (2) a subfolder mode
000; (3) a file mode 000. aaron and zoe hand in honest notebooks. Who is collected, and does collect finish?"""
from lib import *
A = "ps1_memory"
for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
    subprocess.run(["useradd", "-M", "-N", "-u", str(uid), "-s", "/usr/sbin/nologin", s], check=True)
try:
    for case, evil in (("1", "os.chmod(p, 0)"), ("2", "os.mkdir(p+'/data'); os.chmod(p+'/data', 0)"),
                       ("3", "open(p+'/notes.txt','w').write('x'); os.chmod(p+'/notes.txt', 0)")):
        tag = f"a19-{case}"
        d = make_course(tag)
        X = f"/tmp/attack38-user-{tag}-exchange"
        if os.path.exists(X): shutil.rmtree(X)
        inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
        chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
        ts = "2026-11-29 11:00:00.000000 UTC"
        for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
            tmp = f"/tmp/attack38-user-{tag}-{s}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
            code = f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')"
            if s == "mallory": code += "; " + evil
            subprocess.run(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code], check=True)
        r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                            f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
        print(f"case {case} ({evil}): collect rc {r.returncode}:", (r.stdout + r.stderr).strip().splitlines()[-1][:220])
        print("   order:", [l.split("submission: ")[1] for l in (r.stdout + r.stderr).splitlines() if "Collecting submission" in l])
        print("   collected:", sorted(os.listdir(f"{d}/submitted")) if os.path.isdir(f"{d}/submitted") else [],
              {s: os.path.exists(f"{d}/submitted/{s}/{A}/{A}.ipynb") for s in ("aaron", "mallory", "zoe")})
finally:
    for s in ("aaron", "mallory", "zoe"):
        subprocess.run(["userdel", s])
