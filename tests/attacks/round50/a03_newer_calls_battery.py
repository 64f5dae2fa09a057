"""a03: system calls and prctl options below the filter's review line (453) that earlier rounds did not name:
process_mrelease on a pidfd made by clone(CLONE_PIDFD) (pidfd_open is refused, this way is not), futex_waitv,
set_mempolicy_home_node, landlock, PR_FUTEX_HASH (6.16: a private futex hash, kernel memory), PR_SET_VMA anon names
(kernel memory, 80 bytes a mapping), PR_SCHED_CORE cookies on bwrap's init, seccomp user notification, vmsplice,
move_pages/migrate_pages of pid 1, personality, uselib; and the calls past the line (cachestat, map_shadow_stack)."""
from common import *
CODE = r'''
q1 = "b"
import ctypes, os, errno, mmap, time
libc = ctypes.CDLL(None, use_errno=True)
sc = libc.syscall; sc.restype = ctypes.c_long
def call(name, *a):
    r = sc(*[ctypes.c_long(x) if isinstance(x, int) else x for x in a]); e = ctypes.get_errno()
    print(f"{name:38s} -> {r} {errno.errorcode.get(e, e) if r < 0 else ''}")
    return r
# clone(CLONE_PIDFD) via raw clone: flags CLONE_PIDFD|SIGCHLD, parent_tid slot gets the pidfd
pidfd = ctypes.c_int(-1)
pid = sc(56, ctypes.c_long(0x1000 | 17), ctypes.c_long(0), ctypes.byref(pidfd), ctypes.c_long(0), ctypes.c_long(0))
if pid == 0:
    time.sleep(2); os._exit(0)
print("clone(CLONE_PIDFD)                     ->", pid, "pidfd", pidfd.value, errno.errorcode.get(ctypes.get_errno(), ""))
if pidfd.value >= 0:
    call("process_mrelease(pidfd of live child)", 448, pidfd.value, 0)
    call("pidfd_send_signal(SIGKILL)", 424, pidfd.value, 9, 0, 0)
    time.sleep(0.2)
    call("process_mrelease(pidfd of killed child)", 448, pidfd.value, 0)
    try: os.waitpid(pid, 0)
    except Exception as e: print(e)
call("futex_waitv(NULL,0)", 449, 0, 0, 0, 0, 0)
call("set_mempolicy_home_node", 450, 0, 4096, 0, 0)
call("landlock_create_ruleset(NULL,0,VERSION)", 444, 0, 0, 1)
call("cachestat (past the line)", 451, 0, 0, 0, 0)
call("map_shadow_stack (453)", 453, 0, 4096, 0)
call("mseal (462)", 462, 0, 0, 0)
call("listmount (458)", 458, 0, 0, 0, 0)
call("prctl(PR_FUTEX_HASH, GET)", 157, 78, 2, 0, 0, 0)
for n in (65536, 1 << 17, 1 << 20, 1 << 24):
    call(f"prctl(PR_FUTEX_HASH, SET {n} slots)", 157, 78, 1, n, 0, 0)
call("prctl(PR_FUTEX_HASH, GET)", 157, 78, 2, 0, 0, 0)
m = mmap.mmap(-1, 4096 * 1000, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
name = ctypes.create_string_buffer(b"x" * 79)
call("prctl(PR_SET_VMA_ANON_NAME)", 157, 0x53564d41, 0, addr, 4096, ctypes.addressof(name))
call("prctl(PR_SCHED_CORE, CREATE, pid 1)", 157, 62, 1, 1, 0, 0)
call("prctl(PR_SCHED_CORE, SHARE_TO, pid 1)", 157, 62, 2, 1, 0, 0)
call("prctl(PR_SET_MM, START_BRK)", 157, 35, 6, 0, 0, 0)
call("personality(READ_IMPLIES_EXEC)", 135, 0x0400000)
call("personality(query)", 135, 0xffffffff)
call("uselib(/usr/lib/x86_64-linux-gnu/libc.so.6)", 134, ctypes.c_char_p(b"/usr/lib/x86_64-linux-gnu/libc.so.6"))
call("seccomp(SET_MODE_FILTER, NEW_LISTENER, NULL)", 317, 1, 8, 0)
nodes = (ctypes.c_ulong * 1)(1); old = (ctypes.c_ulong * 1)(1)
call("migrate_pages(pid 1)", 256, 1, 64, ctypes.byref(old), ctypes.byref(nodes))
call("move_pages(pid 1, 0 pages)", 279, 1, 0, 0, 0, 0, 0)
try:
    os.sched_setaffinity(1, {0}); print("sched_setaffinity(pid 1) -> ok", os.sched_getaffinity(1))
except OSError as e: print("sched_setaffinity(pid 1) ->", e)
r, w = os.pipe()
class iovec(ctypes.Structure): _fields_ = [("b", ctypes.c_void_p), ("l", ctypes.c_size_t)]
buf = ctypes.create_string_buffer(4096); iov = iovec(ctypes.addressof(buf), 4096)
call("vmsplice(pipe, 4 KiB)", 278, w, ctypes.byref(iov), 1, 0)
call("process_madvise (refused)", 440, 0, 0, 0, 0, 0)
call("kcmp (refused)", 312, 1, 1, 0, 0, 0)
print("ksm_stat:", open("/proc/self/ksm_stat").read().replace("\n", " ") if os.path.exists("/proc/self/ksm_stat") else "none")
'''
c = probe_run("a03", CODE, others=("aaron", "zoe"))
times(c)
