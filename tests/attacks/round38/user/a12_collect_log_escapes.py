"""a12: a05's only trace is one warning in collect's log on the TA's terminal. The inbound folder's name is the
student's: `<student>+<assignment>+<timestamp>+<random>`, and the random part may hold any byte but "/" and NUL.
nbgrader prints the folder's path unescaped in that warning. mallory's forged `aaron+...` folder ends in escapes
that erase the warning's header row and conceal the rest (ESC[8m) until the TA's prompt resets colours.
The rows as a terminal would show them are rendered with pyte if available, else the raw bytes are shown (repr)."""
from lib import *
A = "ps1_memory"
for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
    subprocess.run(["useradd", "-M", "-N", "-u", str(uid), "-s", "/usr/sbin/nologin", s], check=True)
try:
    d = make_course("a12")
    X = "/tmp/attack38-user-a12-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
    chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    def as_student(uid, code):
        subprocess.run(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code], check=True)
    ts = "2026-11-29 11:00:00.000000 UTC"
    for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
        tmp = f"/tmp/attack38-user-a12-{s}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    tmp = "/tmp/attack38-user-a12-forged.ipynb"; nbformat.write(release_nb(A), tmp); os.chmod(tmp, 0o644)
    rnd = "x\\r\\x1b[2K\\x1b[1A\\x1b[2K\\x1b[8m"
    as_student(2002, f"import os,shutil; p='{inbound}/aaron+{A}+2026-11-29 12:00:00.000000 UTC+{rnd}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True)
    out = r.stdout + r.stderr
    print("collect rc", r.returncode, "raw log (repr):")
    for line in out.split(b"\n"):
        print("   ", repr(line)[:220])
    print("contains ESC bytes:", b"\x1b[8m" in out)
    try:
        import pyte
        screen = pyte.Screen(160, 30); stream = pyte.ByteStream(screen); stream.feed(out.replace(b"\n", b"\r\n"))
        print("--- as a terminal shows it (pyte; concealed text blanked):")
        for row, line in enumerate(screen.display):
            chars = [screen.buffer[row][x] for x in range(160)]
            print("   |" + "".join(" " if c.__dict__.get("conceal", False) else c.data for c in chars).rstrip())
    except ImportError:
        print("(pyte not installed: see the raw bytes above)")
    os.system(f"ls {d}/submitted/")
finally:
    for s in ("aaron", "mallory", "zoe"):
        subprocess.run(["userdel", s])
