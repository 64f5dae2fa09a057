"""a04: what the kernel's runtime folder (JUPYTER_RUNTIME_DIR, the grader's one folder in the sandbox) holds besides
its own connection file, and whether any socket there (IPC transport) answers a connect() from the kernel: the
observer's channel to the grader would let a kernel forge reports. Also the processes of its PID namespace, its
mounts, and the host-wide /proc files that leak other submissions' activity (/proc/locks, /proc/loadavg)."""
import os, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
RECON = r'''
import os, socket, json, glob, stat
rt = os.environ.get("JUPYTER_RUNTIME_DIR"); print("JUPYTER_RUNTIME_DIR", rt)
for root, dirs, files in os.walk(rt or "/nonexistent"):
    for n in dirs + files:
        p = os.path.join(root, n); st = os.lstat(p)
        kind = "sock" if stat.S_ISSOCK(st.st_mode) else "dir" if stat.S_ISDIR(st.st_mode) else "file"
        print(" ", kind, oct(st.st_mode & 0o7777), st.st_uid, p)
        if kind == "sock":
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.settimeout(1)
            try: s.connect(p); print("    connect OK", s.recv(64) if False else "")
            except OSError as e: print("    connect", e)
            s.close()
        if kind == "file" and n.endswith(".json"):
            try: print("    ", open(p).read()[:300])
            except OSError as e: print("    ", e)
for pid in sorted(int(p) for p in os.listdir("/proc") if p.isdigit()):
    try: print("pid", pid, open(f"/proc/{pid}/cmdline","rb").read().replace(b"\0", b" ")[:150], os.readlink(f"/proc/{pid}/cwd") if pid == os.getpid() else "")
    except OSError as e: print("pid", pid, e)
print("fds:", {fd: os.readlink(f"/proc/self/fd/{fd}") for fd in map(int, os.listdir("/proc/self/fd")) if os.path.exists(f"/proc/self/fd/{fd}") or True for _ in [0] if not print if True} if False else [ (fd, os.readlink(f"/proc/self/fd/{fd}")) for fd in os.listdir("/proc/self/fd") ])
print("locks:", open("/proc/locks").read()[:400])
print("mountinfo:"); print("".join(l for l in open("/proc/self/mountinfo") if "tmp" in l or "run" in l)[:2500])
'''
m = nb_for(A); m.cells.insert(2, nbformat.v4.new_code_cell(RECON))
d = course("a04")
for s, nb in (("aaron", nb_for(A)), ("mallory", m), ("zoe", nb_for(A))):
    hand_in(d, s, A, nb)
grade(d, A); scores(d, A)
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for o in g.cells[2].outputs:
    print(o.get("text", "") or o.get("evalue", ""))
