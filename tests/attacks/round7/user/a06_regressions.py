"""a06: earlier rounds' fixes, re-checked from one ordinary-user kernel (no score expected): memfd_create, shared
anonymous mmap, shmget, msgget, semget, mq_open, io_setup, inotify_init1, unshare, mount, ptrace refused; no
/dev/ptmx pty; /proc/sys and the runtime folder not writable; RLIMIT_NOFILE 1280; and the process cap (forks
until refused).  Also what seccomp still lets through: pidfd_open/pidfd_getfd (a05), kcmp, process_madvise.
An honest student is graded after it."""
from u7 import *
CHECKS = r'''
import ctypes, os, mmap, resource, errno
libc = ctypes.CDLL(None, use_errno=True)
def sc(name, nr, *a):
    r = libc.syscall(nr, *a); e = ctypes.get_errno()
    print(f'{name}: {"ALLOWED rc=%d" % r if r >= 0 else os.strerror(e)}')
    if r >= 0 and name not in ('pidfd_open',):
        try: os.close(r)
        except OSError: pass
    return r
sc('memfd_create', 319, b'x', 0); sc('shmget', 29, 0, 4096, 0o1600); sc('msgget', 68, 0, 0o1600); sc('semget', 64, 0, 1, 0o1600)
sc('mq_open', 240, b'q', 0o100 | 2, 0o600, None); sc('inotify_init1', 294, 0); sc('unshare', 272, 0x10000000); sc('ptrace', 101, 16, 1, 0, 0)
ctx = ctypes.c_ulong(0); sc('io_setup', 206, 1, ctypes.byref(ctx))
try: mmap.mmap(-1, 1 << 20, flags=mmap.MAP_SHARED | mmap.MAP_ANONYMOUS); print('shared anon mmap: ALLOWED')
except OSError as e: print('shared anon mmap:', e)
pfd = sc('pidfd_open', 434, 2, 0)
if pfd >= 0:
    sc('pidfd_getfd', 438, pfd, 2, 0)
sc('kcmp', 312, 1, 2, 0, 2, 2)
print('ptmx', os.path.exists('/dev/ptmx') and os.listdir('/dev/pts'))
try: open('/dev/ptmx', 'rb'); print('ptmx OPENED')
except OSError as e: print('ptmx:', e)
for p in ('/proc/sys/kernel/hostname', os.environ.get('JUPYTER_RUNTIME_DIR', '/nonexistent') + '/f'):
    try: open(p, 'w').write('x'); print('WROTE', p)
    except OSError as e: print('write', p, e)
print('NOFILE', resource.getrlimit(resource.RLIMIT_NOFILE), 'NPROC', resource.getrlimit(resource.RLIMIT_NPROC), 'DATA', resource.getrlimit(resource.RLIMIT_DATA))
kids = []
try:
    for i in range(400):
        pid = os.fork()
        if pid == 0:
            import time; time.sleep(30); os._exit(0)
        kids.append(pid)
except OSError as e:
    print('fork refused after', len(kids), e)
for k in kids: os.kill(k, 9)
for k in kids: os.waitpid(k, 0)
print('forked', len(kids))
q1 = 'a'
'''
nb = notebook(overrides={"quiz_q1": CHECKS})
final, p = ugrade("a06", {"regress": nb, "zz_honest": honest()})
outputs(final, "regress")
# RESULT: held: memfd_create, shmget, msgget, semget, mq_open, inotify_init1, unshare, ptrace, io_setup, shared
# anonymous mmap -> EPERM; no /dev/ptmx; /proc/sys and the runtime folder EROFS; NOFILE 1280; NPROC 270 (= 14
# processes of the user counted + 256), fork refused after 237 (the kernel counts threads, the launcher counts
# processes).  Allowed: pidfd_open, pidfd_getfd (a05), kcmp.  zz_honest after it 24/24.
