"""a16: two more ways one student stops the class's collection. (1) mallory's inbound folder is mode 000 (hers; the
TA's ordinary account cannot read it). (2) nora's hand-in holds `notes.txt -> /dev/stdin`: the TA runs collect in a
terminal, whose stdin stays open (here a pipe held open): does collect wait on the TA's terminal?"""
from lib import *
A = "ps1_memory"
def setup(tag, evil):
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
        subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups", sys.executable, "-c", code], check=True)
    return d, X
def collect(d, X, stdin=None, timeout=60):
    t = time.time()
    try:
        r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                            f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]),
                           capture_output=True, text=True, stdin=stdin, timeout=timeout)
        print(f"  collect rc {r.returncode} in {time.time()-t:.1f}s:", (r.stdout + r.stderr)[-300:].replace("\n", " | "))
    except subprocess.TimeoutExpired:
        print(f"  collect still running after {time.time()-t:.1f}s: killed (timeout)")
    os.system(f"ls -R {d}/submitted 2>&1 | head -12")
print("(1) mallory's inbound folder mode 000")
d, X = setup("a16a", "os.chmod(p, 0)")
collect(d, X)
print("(2) mallory's notes.txt -> /dev/stdin, the TA's stdin kept open")
d, X = setup("a16b", "os.symlink('/dev/stdin', p+'/notes.txt')")
rfd, wfd = os.pipe()
collect(d, X, stdin=rfd, timeout=45)
os.close(wfd); os.close(rfd)
