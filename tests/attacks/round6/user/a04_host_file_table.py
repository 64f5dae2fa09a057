"""a04: the host's file table (fs.file-max = 2,466,174 here, ONE count for the whole host; at it every process
without CAP_SYS_ADMIN gets ENFILE on open/socket/pipe: the grader as an ordinary user, other runs of uid 65534,
every ordinary user of the host). In the sandbox RLIMIT_NOFILE is 20000 per process and RLIMIT_NPROC allows 256
processes: 256 x 20000 = 5.1 M open files > file-max, and each struct file is kernel memory no rlimit counts.
To keep this shared machine working, the cell takes only 25 processes x 20000 = 500,000 files (a fifth of the
host's table) for 30 s; the host-side monitor reads fs/file-nr. 124 processes would take all of it."""
from u6 import *
import threading, time

FILES = r'''
import os, time
N = 25
kids = []
for i in range(N):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r); fds = []
        try:
            while len(fds) < 19990: fds.append(os.open("/dev/null", os.O_RDONLY))
        except OSError as e:
            pass
        os.write(w, f"{len(fds)}\n".encode()); time.sleep(35); os._exit(0)
    os.close(w); kids.append(r)
got = sum(int(os.read(r, 100)) for r in kids)
print(f"{N} processes hold {got} open files; host fs/file-nr = {open('/proc/sys/fs/file-nr').read().split()[0]} "
      f"of file-max {open('/proc/sys/fs/file-max').read().strip()}", flush=True)
time.sleep(30)
q1 = "a"
'''
def monitor(stop, log):
    while not stop.is_set():
        log.append((time.strftime("%H:%M:%S"), open("/proc/sys/fs/file-nr").read().split()[0]))
        time.sleep(3)

if __name__ == "__main__":
    log = []; stop = threading.Event(); t = threading.Thread(target=monitor, args=(stop, log)); t.start()
    try:
        dest, p = ugrade("04", {"files": notebook({"quiz_q1": FILES})})
    finally:
        stop.set(); t.join()
    print("host (time, file-nr):", [x for x in log if int(x[1]) > 100000] or log[-3:])
    outputs(dest, "files")

# RESULT (ordinary user, 145 s, a04.out.txt): BROKEN (no cap on a host-wide table). 25 processes of the kernel held
# 498,025 open files (~19,900 each, RLIMIT_NOFILE 20000): the host's fs/file-nr rose from ~2,500 to 500,845 of
# file-max 2,466,174 within 6 s, held for the cell's 30 s. RLIMIT_NPROC (current + 256) allows ~124 such
# processes, i.e. the whole table: then every process on the host without CAP_SYS_ADMIN (the grader itself as an
# ordinary user, the next submission's sandbox, other users' jobs) fails open/pipe/socket with ENFILE for as long
# as the submission runs. Not run to the end on purpose (shared machine). Score: 0/30 (own cost only here).
