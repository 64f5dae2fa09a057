"""Round 13, a06 (ROOT run): recon of system calls the threat model's seccomp list does not name, from a kernel.

Each is tried once, cheaply, and its result printed (EPERM: refused by the filter or by missing privileges).
Looking for: objects counted per host user or for the whole host (key quotas: add_key / request_key are not
keyctl), the host's kernel log (syslog), memory locking, NUMA/memory-policy calls on other processes, file handles.
Usage: <venv python> a06_root_syscall_recon.py
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common13 import course, grade, notebook, outputs

Q1 = r'''
import ctypes, os, errno, resource, socket
_libc = ctypes.CDLL(None, use_errno=True)
def _try(name, fn):
    ctypes.set_errno(0)
    try:
        r = fn()
    except Exception as e:
        print(f"{name}: raised {e!r}"); return
    e = ctypes.get_errno()
    print(f"{name}: {r} {os.strerror(e) if (isinstance(r, int) and r < 0) else ''}")
_sys = _libc.syscall
_sys.restype = ctypes.c_long
NR = dict(add_key=248, request_key=249, keyctl=250, syslog=103, mlock=149, mlockall=151, set_mempolicy=238,
          migrate_pages=256, move_pages=279, name_to_handle_at=303, open_by_handle_at=304, fanotify_init=300,
          memfd_secret=447, landlock_create_ruleset=444, process_mrelease=448, futex_waitv=449, cachestat=451,
          sysfs=139, uselib=134, ioprio_set=251, sched_setattr=314, get_mempolicy=239, mbind=237, kcmp=312,
          open_tree=428, move_mount=429, fsopen=430, mount_setattr=442, quotactl_fd=443, setns=308, lookup_dcookie=212,
          remap_file_pages=216, swapoff=168, vhangup=153, clone3=435, pidfd_send_signal=424, listmount=458,
          statmount=457, lsm_get_self_attr=459, mseal=462)
_try("add_key(user, k, 16 bytes, @s)", lambda: _sys(NR["add_key"], b"user", b"k1", b"x" * 16, 16, ctypes.c_long(-3)))
_try("add_key(user, k, @u)", lambda: _sys(NR["add_key"], b"user", b"k2", b"x" * 16, 16, ctypes.c_long(-4)))
_try("request_key", lambda: _sys(NR["request_key"], b"user", b"nope", None, 0))
_buf = ctypes.create_string_buffer(4096)
_try("syslog(READ_ALL)", lambda: _sys(NR["syslog"], 3, _buf, 4096))
_try("syslog(SIZE_BUFFER)", lambda: _sys(NR["syslog"], 10, None, 0))
_try("mlock 64 KiB", lambda: _sys(NR["mlock"], ctypes.addressof(_buf), 4096))
print("RLIMIT_MEMLOCK", resource.getrlimit(resource.RLIMIT_MEMLOCK))
_try("set_mempolicy(MPOL_DEFAULT)", lambda: _sys(NR["set_mempolicy"], 0, None, 0))
_try("migrate_pages(1)", lambda: _sys(NR["migrate_pages"], 1, 64, None, None))
_try("move_pages(1, 0)", lambda: _sys(NR["move_pages"], 1, 0, None, None, None, 0))
_try("memfd_secret", lambda: _sys(NR["memfd_secret"], 0))
_try("landlock_create_ruleset", lambda: _sys(NR["landlock_create_ruleset"], None, 0, 1))
_try("sysfs(3)", lambda: _sys(NR["sysfs"], 3))
_try("name_to_handle_at", lambda: _sys(NR["name_to_handle_at"], -100, b"/usr", ctypes.create_string_buffer(256), ctypes.byref(ctypes.c_int()), 0))
_try("open_by_handle_at", lambda: _sys(NR["open_by_handle_at"], -100, ctypes.create_string_buffer(64), 0))
_try("ioprio_set(RT)", lambda: _sys(NR["ioprio_set"], 1, 0, (1 << 13) | 0))
_try("pidfd_send_signal", lambda: _sys(NR["pidfd_send_signal"], 0, 0, None, 0))
_try("clone3(empty)", lambda: _sys(NR["clone3"], None, 0))
_try("cachestat", lambda: _sys(NR["cachestat"], 0, None, None, 0))
_try("listmount", lambda: _sys(NR["listmount"], None, None, 0, 0))
_try("remap_file_pages", lambda: _sys(NR["remap_file_pages"], 0, 0, 0, 0, 0))
for fam, typ, proto, name in ((socket.AF_NETLINK, socket.SOCK_RAW, 0, "netlink route"), (socket.AF_NETLINK, socket.SOCK_RAW, 16, "netlink generic"),
                              (socket.AF_NETLINK, socket.SOCK_RAW, 4, "netlink sock_diag"), (socket.AF_NETLINK, socket.SOCK_RAW, 15, "netlink kobject_uevent"),
                              (socket.AF_NETLINK, socket.SOCK_RAW, 9, "netlink audit"), (socket.AF_NETLINK, socket.SOCK_DGRAM, 11, "netlink connector"),
                              (socket.AF_INET, socket.SOCK_DGRAM, 1, "icmp ping"), (socket.AF_INET6, socket.SOCK_STREAM, 0, "inet6"),
                              (socket.AF_INET, socket.SOCK_STREAM, 262, "mptcp")):
    try:
        socket.socket(fam, typ, proto).close(); print(f"socket {name}: ok")
    except OSError as e:
        print(f"socket {name}: {e}")
print("/proc/sys/kernel/dmesg_restrict", open("/proc/sys/kernel/dmesg_restrict").read().strip())
q1 = "a"
'''

if __name__ == "__main__":
    dest = "/tmp/attack13-a06"
    course(dest, {"zz_recon": notebook(overrides={"quiz_q1": Q1})})
    grade(dest)
    outputs(dest, "zz_recon")
    import shutil; shutil.rmtree(dest, ignore_errors=True)

# RESULT (root, a06.out.txt): nothing new beyond a04. Refused: add_key, request_key (key quotas are per host user),
#   syslog (dmesg_restrict=1 anyway), memfd_secret, name_to_handle_at / open_by_handle_at, ioprio_set(RT), fanotify
#   (a05). Allowed and harmless here: landlock, set_mempolicy, sysfs, move_pages with no pages. Sockets: every
#   netlink protocol tried (route, generic, sock_diag, kobject_uevent, audit, connector) can be created; NETLINK_
#   USERSOCK is the one an unprivileged process may unicast to (a04); MPTCP and IPv6 stream sockets exist (MPTCP
#   buffers are TCP's: a02); ICMP "ping" sockets are refused (ping_group_range).
