"""Run a submission's Jupyter kernel in a sandbox: bubblewrap namespaces, seccomp, cgroup limits.

nbgrader runs student code with the grader's own rights. When `grader.grade` grades with the
sandbox (the default where bubblewrap exists), nbgrader starts kernels through the kernelspec
`distcourse-sandbox`, whose command is this module. It execs `bwrap` so that the kernel and every
process it starts (the ranks of helpers.launch included):

  * has no privileges, even when the grader runs as root: a user namespace maps it to uid 65534,
    every capability is dropped, it cannot create further user namespaces, and a seccomp filter
    refuses (EPERM) the system calls that reach beyond it: mount and the new mount API, umount2,
    pivot_root, chroot, setns, unshare and namespace flags to clone, ptrace, process_vm_*, keyctl,
    bpf, perf_event_open, userfaultfd, io_uring, module loading, kexec, open_by_handle_at, swap,
    reboot, acct, quotactl, ioperm/iopl. A system call of another architecture kills it;
  * sees only what it needs, read-only: the system's libraries and programs (/usr, /bin, /lib*), a
    few files of /etc (the loader's cache, passwd/group, hosts, time zone, certificates), the Python
    installation and every directory on its sys.path except the course and the course's checkout,
    helpers/ and probes/. The course directory (solutions, other submissions, the gradebook), the
    judges in autograders/, other checkouts and the TA's home are not there at all;
  * works in a throwaway copy of its folder: a size-capped tmpfs at the notebook's folder, filled
    with a copy of the submission's files, gone with the kernel. Nothing it writes reaches the
    grader's disk; nbgrader keeps the notebook in memory and is the only thing that comes back.
    A private, size-capped /tmp, and its IPC sockets, are the other writable places;
  * starts from a cleared environment: only the variables of ENV_ALLOWED pass (no DATABASE_URL, no
    tokens), with HOME, IPython's and Jupyter's folders in its private /tmp;
  * has its own network namespace with only a loopback interface (gloo between ranks works,
    nothing leaves the machine), its own PID namespace (everything it started dies with it);
  * is capped, all its processes together, in memory (host memory; also passed to the ranks as the
    GPU memory budget DISTCOURSE_GPU_MEMORY_BYTES), CPU share and number of processes by a cgroup
    of its own (v2, or v1's memory/cpu/pids hierarchies) where the grader may create one (as root);
    elsewhere by rlimits, which cap each process rather than the whole (RLIMIT_DATA, RLIMIT_NPROC).
    Each process is also capped in data size, CPU seconds and file size;
  * sees the GPUs when the machine has them: exactly the NVIDIA device nodes, nothing else of /dev.

When grader.grade runs a kernel template (grader.zygote, named by $DISTCOURSE_ZYGOTE in the
kernelspec), bwrap sets the same sandbox up around a placeholder and the kernel, forked from the
template, joins it and sets itself up as bwrap sets up the program it runs (`kernel_from_template`);
where that fails, bwrap runs the kernel itself.

The kernel talks to nbgrader over IPC sockets in a private runtime folder, since it shares no network
with it. `python -m grader.sandbox --run -- COMMAND` runs any command in the same sandbox
(the tests use it).
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
import platform
import re
import resource
import shutil
import signal
import stat
import struct
import subprocess
import sys
import time

KERNEL_NAME = "distcourse-sandbox"
#: RLIMIT_CORE of every process of the grader's and of a sandbox: 1, not 0, so that no crash starts the host's core
#: program (see `apply_limits`).
NO_CORE = (1, 1)
DEFAULT_LIMITS = {
    "memory_bytes": 6 * 2**30,  # all the kernel's processes together (cgroup), and each one (RLIMIT_DATA)
    "cpu_seconds": 1800,  # per process
    "file_bytes": 512 * 2**20,  # the largest file it may write
    "processes": 256,
    "tmp_bytes": 512 * 2**20,  # its private /tmp
    "tmp_inodes": 65536,  # files and folders in each of its tmpfs (/tmp, /dev/shm, its folder): kernel memory
    "work_bytes": 512 * 2**20,  # its working folder: the copy of the submission and what it writes there
    "cpu_weight": 100,  # cgroup v2 cpu.weight (v1: cpu.shares = 1024 * weight / 100): equal shares
    "cpu_cores": 0,  # a CPU quota in cores (0: none; the share above keeps submissions fair)
    # cgroup v1 counts TCP buffers apart from memory, and only once this is written (v2 counts them in memory.max):
    # unread loopback connections held 1.2 GiB past a 1 GiB cap (round 13, as root)
    "tcp_bytes": 256 * 2**20,
    # reads from the host's disks, all its processes together (cgroup v1 blkio, v2 io.max; root only): what a page
    # cache miss costs, which no CPU share slows. Round 31: readers with O_DIRECT saturated the host's disk beside
    # honest students; with O_DIRECT refused, a kernel filling its memory cap re-reads files it cannot keep cached
    # (25 GiB read from disk in 21 s here, unthrottled). Ours read next to nothing: the template has the libraries.
    "read_bytes_per_s": 64 * 2**20,
    "read_iops": 1000,
}
SANDBOX_UID = 65534  # nobody
STACK_BYTES = 64 * 2**20  # the hard stack limit of every process in a sandbox (the main thread's stack)
#: Signals a sandbox's processes may have queued, all together with the rest of its host user's.
SIGPENDING = 1024
#: The host user a sandbox runs as when the grader is root: never host root (whose file permissions and
#: /proc/sys a user namespace would otherwise keep), an unprivileged uid of its own.
HOST_UID = HOST_GID = 65534
#: Submissions graded side by side as root each get a host user of their own (`make grade` sets it, see
#: host_ids): what Linux counts per host user (descriptors in flight on local sockets, processes, pending
#: signals, pipe pages, inotify and epoll watches) is then one submission's. With one uid for all, one
#: kernel holding 1,500 descriptors in flight made every other sandbox's descriptor passing fail
#: (ETOOMANYREFS): the fork server of the submission beside it, and so every hidden check (round 14).
HOST_UID_ENV = "DISTCOURSE_HOST_UID"
#: The uids `make grade` hands out, one per submission in flight: below nobody (65534), in the range Debian
#: leaves to local use, each taken only where no account has it.
HOST_UID_POOL = range(65533, 65533 - 64, -1)


def host_ids() -> tuple[int, int]:
    """(uid, gid) a sandbox started now runs as when the grader is root: DISTCOURSE_HOST_UID when set (a uid
    of HOST_UID_POOL with no account, or HOST_UID), else HOST_UID. Anything else is refused."""
    raw = os.environ.get(HOST_UID_ENV, "").strip()
    if not raw:
        return HOST_UID, HOST_GID
    uid = int(raw) if raw.isdigit() else -1
    if uid != HOST_UID and (uid not in HOST_UID_POOL or not free_uid(uid)):
        raise SystemExit(f"{HOST_UID_ENV}={raw!r}: a sandbox runs as {HOST_UID} or a uid of "
                         f"{HOST_UID_POOL[-1]}-{HOST_UID_POOL[0]} that no account has")
    return uid, uid


def free_uid(uid: int) -> bool:
    """Whether no account of this machine has `uid` (nor a group `uid` as its id)."""
    import grp
    import pwd

    for lookup in (pwd.getpwuid, grp.getgrgid):
        try:
            lookup(uid)
            return False
        except KeyError:
            pass
    return True


#: Where a root launcher shows bwrap (which runs as HOST_UID) the paths it binds: each path is bound
#: below this folder, in a tmpfs of the launcher's own mount namespace, so that bwrap reaches it without
#: walking the path's parents (a Python under /root, a grader's private folder of mode 0700).
STAGE = "/run/distcourse-stage"
_STAGED: dict[str, str] = {}
_MS_BIND, _MS_REC, _MS_PRIVATE, _CLONE_NEWNS = 4096, 16384, 1 << 18, 0x00020000


def _stage(path: str) -> str:
    """path as bwrap (running as HOST_UID) may reach it: itself for an ordinary user, a bind of it below
    STAGE when the launcher is root (the first call gives this process a mount namespace of its own)."""
    if os.geteuid() != 0:
        return path
    if path in _STAGED:
        return _STAGED[path]
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)

    def check(result: int, what: str) -> None:
        if result != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    if not _STAGED:
        stage = STAGE if os.path.isdir(os.path.dirname(STAGE)) else "/var/tmp/distcourse-stage"
        try:
            os.mkdir(stage, 0o755)
        except FileExistsError:
            pass
        info = os.lstat(stage)
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != 0 or info.st_mode & 0o022:
            raise OSError(errno.EPERM, f"{stage} is not a folder of root's alone: remove it")
        check(libc.unshare(_CLONE_NEWNS), "unshare(CLONE_NEWNS)")
        check(libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None), "mount --make-rprivate /")
        check(libc.mount(b"tmpfs", stage.encode(), b"tmpfs", 0, b"mode=0755,size=64k"), f"mount tmpfs {stage}")
        _STAGED[""] = stage
    target = os.path.join(_STAGED[""], str(len(_STAGED)))
    if os.path.isdir(path):
        os.mkdir(target, 0o755)
    else:
        with open(target, "w"):
            pass
    check(libc.mount(path.encode(), target.encode(), None, _MS_BIND | _MS_REC, None), f"bind {path}")
    _STAGED[path] = target
    return target


def drop_to_host_user() -> None:
    """When root: become the sandbox's unprivileged host user (before bwrap starts, after the cgroups)."""
    if os.geteuid() != 0:
        return
    uid, gid = host_ids()
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
# The kernel's environment: these variables pass when set in the grader's, nothing else does.
ENV_ALLOWED = ("PATH", "LANG", "LANGUAGE", "TZ", "PYTHONPATH", "PYTHONHASHSEED", "PYTHONDONTWRITEBYTECODE",
               "CUDA_VISIBLE_DEVICES", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "PYDEVD_DISABLE_FILE_VALIDATION",
               "NBGRADER_EXECUTION", "NBGRADER_VALIDATING", "DISTCOURSE_JUDGE", "DISTCOURSE_GPU_MEMORY_BYTES",
               "DISTCOURSE_START_METHOD", "DISTCOURSE_EARLY_FORK_SERVER")
ENV_ALLOWED_PREFIXES = ("LC_",)
GPU_NODES = ("/dev/nvidia[0-9]*", "/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidia-caps")
ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "passwd", "group", "nsswitch.conf", "localtime",
             "timezone", "hosts", "host.conf", "gai.conf", "alternatives", "ssl", "ca-certificates",
             "os-release", "lsb-release", "fonts", "mime.types")
MAX_FILES = 1000  # files copied into the kernel's folder (one descriptor each)
#: Open files per process in the sandbox (also enough for the launcher to hold MAX_FILES copies): with the
#: process cap, at most 256 x 1,280 = 330,000 of the host's file table (2.4 million on a machine of 24 GiB).
SANDBOX_FILES = MAX_FILES + 280


def bwrap_path() -> str | None:
    """The bwrap to run: $DISTCOURSE_BWRAP (e.g. an unpacked package) or bwrap from PATH."""
    return os.environ.get("DISTCOURSE_BWRAP") or shutil.which("bwrap")


def _bwrap_options() -> str:
    """bwrap's --help: which options this bubblewrap has (--disable-userns needs 0.8, --size 0.5)."""
    try:
        return subprocess.run([bwrap_path(), "--help"], capture_output=True, text=True, timeout=10).stdout
    except OSError:
        return ""


def available() -> str | None:
    """Why the sandbox cannot run here, or None when it can."""
    if not sys.platform.startswith("linux"):
        return "the sandbox needs Linux namespaces"
    given = os.environ.get("DISTCOURSE_BWRAP")
    if given and not os.access(given, os.X_OK):
        return f"DISTCOURSE_BWRAP={given} is not an executable bwrap"
    if bwrap_path() is None:
        return "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    if _arch() is None:
        return f"the sandbox's seccomp filter knows x86_64 and aarch64, not {platform.machine()}"
    return None


def self_test(course_root: str) -> str | None:
    """Start one sandbox that runs `true`: None if it works, else why not (bwrap's own words)."""
    why = available()
    if why:
        return why
    import tempfile

    with tempfile.TemporaryDirectory(prefix="sandbox-check-") as work:
        proc = subprocess.run([sys.executable, "-m", "grader.sandbox", "--run", "--", "true"], cwd=work,
                              capture_output=True, text=True, env={**os.environ, "DISTCOURSE_COURSE_ROOT": course_root})
    remove_empty_cgroups()
    if proc.returncode != 0:
        return ("bubblewrap cannot start the sandbox here: " + (proc.stderr.strip().splitlines() or ["no message"])[-1]
                + " (user namespaces must be allowed: sysctl kernel.unprivileged_userns_clone=1,"
                  " or on Ubuntu an AppArmor profile for bwrap)")
    return None


#: How the grader starts a module of its own as a program outside the sandbox where the working directory is not its
#: own (the kernel's launcher starts in the notebook's folder): `python -m` puts the working directory first on
#: sys.path, so a `grader/` package handed in beside the notebook ran as the launcher, as the grader's user (root)
#: on the host (round 24). Isolated mode (-I) leaves it out, and the user's site-packages and PYTHON* variables too.
LAUNCH = (sys.executable, "-I", "-m")

#: Inside a sandbox (a program bwrap starts in the notebook's folder): the first statement of every `python -c` program,
#: which takes the working directory (`-c` puts "" first on sys.path) off before anything is imported.
NO_CWD = "import sys\nwhile '' in sys.path:\n    sys.path.remove('')\n"


def write_kernelspec(folder: str, course_root: str, limits: dict | None = None, template: str | None = None) -> str:
    """Write the `distcourse-sandbox` kernelspec under folder/kernels/; put folder on JUPYTER_PATH."""
    spec_dir = os.path.join(folder, "kernels", KERNEL_NAME)
    os.makedirs(spec_dir, exist_ok=True)
    spec = {
        "argv": [*LAUNCH, "grader.sandbox", "-f", "{connection_file}"],
        "display_name": "Python 3 (grading sandbox)",
        "language": "python",
        # Signals reach bwrap, not the kernel inside it: ask the kernel to interrupt itself instead.
        "interrupt_mode": "message",
        "env": {"DISTCOURSE_COURSE_ROOT": os.path.abspath(course_root),
                "DISTCOURSE_SANDBOX_LIMITS": json.dumps({**DEFAULT_LIMITS, **(limits or {})}),
                # the warm template's socket (grader.zygote): kernels are forked from it
                **({"DISTCOURSE_ZYGOTE": template} if template else {})},
    }
    with open(os.path.join(spec_dir, "kernel.json"), "w") as fh:
        json.dump(spec, fh, indent=1)
    return spec_dir


# --- seccomp: a classic BPF program, written here (no libseccomp) --------------------------------

_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_DENIED = ("mount umount2 pivot_root chroot setns unshare ptrace process_vm_readv process_vm_writev keyctl add_key "
           "request_key bpf perf_event_open kexec_load kexec_file_load init_module finit_module delete_module "
           "open_by_handle_at name_to_handle_at userfaultfd swapon swapoff reboot acct quotactl quotactl_fd "
           "ioperm iopl io_uring_setup io_uring_enter io_uring_register open_tree move_mount fsopen fsconfig "
           "fsmount fspick mount_setattr fanotify_init syslog lookup_dcookie "
           # memory no rlimit counts (memfd, SysV shared memory), and kernel objects counted per host user
           # (inotify instances: a sandbox running as the grader's user would take the user's 128)
           "memfd_create memfd_secret shmget inotify_init inotify_init1 inotify_add_watch "
           # kernel objects counted for the whole host (AIO contexts: fs.aio-max-nr) or for the IPC namespace
           # and the host user, in memory no rlimit caps (SysV message queues and semaphores, POSIX queues)
           "io_setup msgget semget mq_open "
           # another process's descriptors or memory: bwrap's init and the placeholder run as the kernel's user
           # in its PID namespace, so a copied descriptor of theirs is only refused here
           "pidfd_open pidfd_getfd kcmp process_madvise "
           # a process's own descriptor table of segments (x86): an old attack surface a kernel never needs
           # (Docker's default profile refuses it too; round 40)
           "modify_ldt "
           # re-maps a shared file mapping with MAP_POPULATE (a whole file read at once: see _MAP_POPULATE); a
           # sandbox has no writable shared mapping of a host file today, which is all that holds it (round 43)
           "remap_file_pages "
           # pages held by a pipe, not by a process: vmsplice put references to 7 GiB of a process's pages into
           # pipes and kept them after it unmapped them, past RLIMIT_DATA and invisible to every process's
           # memory (round 12, as an ordinary user); splice and tee move and copy such references
           "vmsplice splice tee "
           # a filter of its own: each program is JIT-compiled into one budget of the whole host (bpf_jit_limit), and
           # stacked filters took 26 MiB of it a sandbox (round 52; see _SOCKET_FILTER_OPTIONS)
           "seccomp").split()
_SYSCALLS = {
    "x86_64": dict(clone=56, ptrace=101, syslog=103, pivot_root=155, chroot=161, acct=163, mount=165, umount2=166,
                   swapon=167, swapoff=168, reboot=169, iopl=172, ioperm=173, init_module=175, delete_module=176,
                   quotactl=179, lookup_dcookie=212, kexec_load=246, add_key=248, request_key=249, keyctl=250,
                   unshare=272, perf_event_open=298, fanotify_init=300, name_to_handle_at=303,
                   open_by_handle_at=304, setns=308, process_vm_readv=310, process_vm_writev=311,
                   finit_module=313, kexec_file_load=320, bpf=321, userfaultfd=323, io_uring_setup=425,
                   io_uring_enter=426, io_uring_register=427, open_tree=428, move_mount=429, fsopen=430,
                   fsconfig=431, fsmount=432, fspick=433, clone3=435, mount_setattr=442, quotactl_fd=443,
                   mmap=9, shmget=29, inotify_init=253, inotify_add_watch=254, inotify_init1=294, memfd_create=319,
                   memfd_secret=447, io_setup=206, msgget=68, semget=64, mq_open=240, pidfd_open=434,
                   pidfd_getfd=438, kcmp=312, process_madvise=440, socket=41, socketpair=53, modify_ldt=154, remap_file_pages=216, sync=162, syncfs=306, fsync=74, fdatasync=75, sync_file_range=277, fcntl=72, splice=275, tee=276,
                   vmsplice=278, setsockopt=54, kill=62, tkill=200, tgkill=234, rt_sigqueueinfo=129,
                   rt_tgsigqueueinfo=297, pidfd_send_signal=424, setpriority=141, sched_setparam=142,
                   sched_setscheduler=144, sched_setattr=314, ioprio_set=251, prlimit64=302, open=2, openat=257,
                   openat2=437, fadvise64=221, readahead=187, madvise=28, preadv2=327, pwritev2=328, flock=73,
                   setrlimit=160, ioctl=16, prctl=157, seccomp=317),
    "aarch64": dict(lookup_dcookie=18, umount2=39, mount=40, pivot_root=41, chroot=51, quotactl=60, acct=89,
                    unshare=97, kexec_load=104, init_module=105, delete_module=106, syslog=116, ptrace=117,
                    reboot=142, add_key=217, request_key=218, keyctl=219, clone=220, swapon=224, swapoff=225,
                    perf_event_open=241, fanotify_init=262, name_to_handle_at=264, open_by_handle_at=265,
                    setns=268, process_vm_readv=270, process_vm_writev=271, finit_module=273, bpf=280,
                    userfaultfd=282, kexec_file_load=294, io_uring_setup=425, io_uring_enter=426,
                    io_uring_register=427, open_tree=428, move_mount=429, fsopen=430, fsconfig=431, fsmount=432,
                    fspick=433, clone3=435, mount_setattr=442, quotactl_fd=443, mmap=222, shmget=194,
                    inotify_init1=26, inotify_add_watch=27, memfd_create=279, memfd_secret=447, io_setup=0,
                    msgget=186, semget=190, mq_open=180, pidfd_open=434, pidfd_getfd=438, kcmp=272,
                    process_madvise=440, socket=198, socketpair=199, remap_file_pages=234, sync=81, syncfs=267, fsync=82, fdatasync=83, sync_file_range=84, fcntl=25, vmsplice=75, splice=76, tee=77,
                    setsockopt=208, kill=129, tkill=130, tgkill=131, rt_sigqueueinfo=138, rt_tgsigqueueinfo=240,
                    pidfd_send_signal=424, setpriority=140, sched_setparam=118, sched_setscheduler=119,
                    sched_setattr=274, ioprio_set=30, prlimit64=261, openat=56, openat2=437, fadvise64=223,
                    readahead=213, madvise=233, preadv2=286, pwritev2=287, flock=32,
                    setrlimit=164, ioctl=29, prctl=167, seccomp=277),
}
# mmap() of shared anonymous memory (MAP_SHARED or MAP_SHARED_VALIDATE, with MAP_ANONYMOUS) is refused too: like
# memfd, it is memory RLIMIT_DATA does not count (what caps a kernel's memory where there is no cgroup).
_MAP_SHARED_ANONYMOUS = 0x01 | 0x20
# mmap(MAP_GROWSDOWN) is refused whatever else: Linux counts such a mapping as stack, not data, so RLIMIT_DATA
# let 9 GiB of it past a 6 GiB cap (round 10, as an ordinary user). No library we know of asks for it.
_MAP_GROWSDOWN = 0x0100
# mmap(MAP_POPULATE) of a file reads the whole mapping into the page cache in one call, as MADV_POPULATE_READ does
# (which does nothing here): 20 calls read 106 MiB of the host's libraries from disk, each a whole file queued behind
# the read cap (round 40). A file mapping with it is refused (EPERM); an anonymous one only faults in its own memory.
_MAP_POPULATE = 0x8000
_FLUSHES = ("sync", "syncfs", "fsync", "fdatasync", "sync_file_range")
_MAP_ANONYMOUS = 0x20
# socket() of the families a kernel needs only: local (AF_UNIX), the loopback network of its own namespace
# (AF_INET, AF_INET6) and its routes (AF_NETLINK, for getaddrinfo and gloo's device). Others are not confined by a
# network namespace: AF_VSOCK's ports belong to the whole virtual machine, and reach its hypervisor.
_SOCKET_FAMILIES = (1, 2, 10)
# Of IP (AF_INET, AF_INET6), only the default protocol, TCP and UDP: a socket() of a protocol no loaded module
# serves (SCTP, DCCP, L2TP...) makes the host's kernel run modprobe, as host root, to load it, code of the whole
# host that no sandbox needs (round 31's lead). EPROTONOSUPPORT, what a kernel without the module answers.
_IP_FAMILIES = (2, 10)
_IP_PROTOCOLS = (0, 6, 17)
# ... and of the types, streams and datagrams only (TCP and UDP): the kernel looks a socket's type up with its
# protocol, and a type it has no entry for (SOCK_SEQPACKET, SOCK_RDM, SOCK_DCCP with protocol 0) reaches the same
# modprobe as an unknown protocol, twice a call (round 44). The type is args[1] less its flags (SOCK_NONBLOCK,
# SOCK_CLOEXEC); what a kernel without it answers, ESOCKTNOSUPPORT. Raw sockets need a capability a sandbox lacks.
_IP_TYPES = (1, 2)  # SOCK_STREAM, SOCK_DGRAM
_SOCK_TYPE_MASK = 0xF
_AF_NETLINK = 16
# Of netlink, NETLINK_ROUTE only (protocol 0: what glibc's getaddrinfo and getifaddrs open). What a netlink
# socket is sent waits in its receive queue, charged to no memory cgroup and no rlimit; NETLINK_USERSOCK lets
# one process send 60 kB messages to hundreds of its own sockets that never read: 2.5 GiB under a 1 GiB cap
# (round 13, as root). The kernel's own replies on NETLINK_ROUTE are bounded by each socket's receive buffer.
_NETLINK_ROUTE = 0
# setsockopt(SOL_SOCKET, SO_SNDBUF | SO_RCVBUF | SO_SNDBUFFORCE | SO_RCVBUFFORCE) succeeds and changes nothing:
# every socket keeps the host's default buffers (net.core.rmem_default, about 208 KiB). Raised to 8 MiB, 208
# netlink sockets held 1.6 GiB of unread acknowledgements (round 13). Nothing the course runs needs more
# (gloo, ZeroMQ and torch leave them alone; TCP still grows its own windows, counted as the cgroup allows).
_SOL_SOCKET = 1
_SOCKET_BUFFER_OPTIONS = (7, 8, 32, 33)
# setsockopt(SOL_SOCKET, SO_ATTACH_FILTER | SO_ATTACH_BPF | SO_ATTACH_REUSEPORT_CBPF | SO_ATTACH_REUSEPORT_EBPF) is
# refused (EPERM): every BPF program is JIT-compiled into one budget of the whole host (net.core.bpf_jit_limit),
# charged to no cgroup, and a kernel filled it in 7 s with 10,000 filters of 51 KiB on its own sockets (round 52);
# while it was full, no seccomp filter could be loaded, so every sandbox started meanwhile failed (on a kernel built
# with BPF_JIT_ALWAYS_ON). Nothing the course runs filters its sockets. prctl(PR_SET_SECCOMP) and seccomp() too.
_SOCKET_FILTER_OPTIONS = (26, 50, 51, 52)
_PR_SET_SECCOMP = 22
# fcntl(F_SETPIPE_SZ) is refused: pipe buffers are counted per host user (fs.pipe-user-pages-soft), and 63 pipes
# of 1 MiB took every other process of that user down to one-page pipes.
_F_SETPIPE_SZ = 1031
# fcntl() byte-range locks (F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW) succeed without locking anything: each
# lock is kernel memory that no rlimit counts (RLIMIT_LOCKS is not enforced), and 5 million of them took 1 GB of
# unreclaimable slab as an ordinary user (round 11). A sandbox is one submission's processes, which need no lock
# against each other that matters (IPython's history database takes them, and gets its "yes").
_F_SETLK_COMMANDS = (6, 7, 37, 38)
# flock() too (round 34): Linux lets any process that can read a file lock it, even on a read-only mount, so a
# kernel held exclusive locks on the venv's libraries for as long as it ran, and a process outside that asked for
# one was refused (or, waiting, would have waited). A whole-file lock is between a sandbox's own processes too.
# clone() may not make namespaces either (CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET)
_CLONE_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000
_CSIGNAL = 0xFF  # clone()'s flags: the low byte, the signal its caller gets when the new process ends
# The signals that stop a process (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU: 19 to 22 on x86_64 and aarch64) are refused
# to every signal-sending call, by the signal's argument (the second, or the third of tgkill and rt_tgsigqueueinfo):
# the observer's children run the student's code as the observer's user in its PID namespace, and a child that
# stopped the observer held every later check of the notebook until its time limit (round 26). No library the
# course runs stops a process; every other signal, to any process of the sandbox, is still sent.
_STOP_SIGNALS = (19, 22)
_SIGNAL_IS_SECOND = ("kill", "tkill", "rt_sigqueueinfo", "pidfd_send_signal")
_SIGNAL_IS_THIRD = ("tgkill", "rt_tgsigqueueinfo")
# Nor may a process change another's scheduling or limits. setpriority (for a thread: PRIO_PROCESS), ioprio_set
# (IOPRIO_WHO_PROCESS) and sched_setparam, sched_setscheduler and sched_setattr change only the caller when their
# target is 0; aimed at any other thread, process, group or user they return 0 and change nothing (libzmq sets
# the policy of each of its I/O threads by thread id, and aborts on an error); prlimit64 may set only the
# caller's limits (pid 0) and read another's. Round 27: a check's child made the observer SCHED_IDLE, nice 19 and
# of the idle I/O class (all allowed for a process of the same user), and the kernel's spinners then slowed
# every later check of the notebook fifteen-fold; prlimit64 on the observer reached it too.
_ONLY_ITS_OWN = ("sched_setparam", "sched_setscheduler", "sched_setattr", "prlimit64")  # their args[0] is the pid
# Nor may it change its own RLIMIT_CORE (setrlimit, or prlimit64 of pid 0 with a new limit): it is 1 (NO_CORE),
# and a process may always lower its limits, but at 0 a crash starts the host's piped core program as root (round
# 37). The call returns 0 and changes nothing.
_RLIMIT_CORE = 4
_PRIO_PROCESS, _IOPRIO_WHO_PROCESS = 0, 1
# prctl(PR_FUTEX_HASH) answers EINVAL, what a kernel before it (6.16) answers: one call with 2^24 slots made 1 GiB of
# kernel memory that no process's resident set shows (round 50). It was charged to the sandbox's cgroup, but the
# host's OOM killer chooses by resident set, and chose the grader's own processes. Nothing the course runs asks for
# a private futex hash (glibc does not).
_PR_FUTEX_HASH = 78
# fcntl(F_SETSIG) is refused with them: it names the signal the kernel sends to a descriptor's owner (F_SETOWN,
# any process of the same user) when it is ready, SIGSTOP included. Without it the owner gets SIGIO.
_F_SETSIG = 10
# fcntl(F_SETLEASE) and fcntl(F_NOTIFY) are refused: a lease on a file makes every other process that opens it wait
# (lease-break-time, 45 s) however often, and Linux lets a file's owner lease it, even on a read-only mount. As an
# ordinary user the sandbox's user owns the virtual environment and the checkout: a kernel leased 95 of their files
# and every process of the host, root included, that opened one waited 45 s each time (round 31); F_NOTIFY
# (dnotify) is the older inotify, refused with it. Nothing the course runs takes either.
_F_SETLEASE, _F_NOTIFY = 1024, 1026
# Reads that bypass the page cache (O_DIRECT, at open or later with fcntl(F_SETFL)) are refused (EINVAL, what a
# file system without direct I/O answers): each waits on the host's disk and costs next to no CPU, so no CPU share
# slows it; four readers of a library in the sandbox took the host's sqlite commits from 1.2 ms to 203 ms and
# slowed the honest students graded beside them up to 12-fold (round 31, as root). openat2, whose flags are in a
# structure out of the filter's reach, answers ENOSYS: libc's open() does not use it.
_F_SETFL = 4
#: System calls numbered from here on (the same numbers on x86_64 and aarch64) are newer than this filter and answer
#: ENOSYS, as a kernel without them does (libc falls back, as it does for clone3): a deny list cannot name calls it
#: has not seen. Round 34 found 448-469 reaching a 6.18 kernel, open_tree_attr (467, the new mount API's clone of a
#: mount tree) among them. From 453 (map_shadow_stack, the futex2 calls, statmount/listmount, the LSM calls, mseal,
#: the *xattrat calls, open_tree_attr, file_getattr/setattr): nothing the course runs calls them. Raise it only
#: after reading what the new calls do. Below it, cachestat (451) answers ENOSYS too: it tells which pages of a
#: shared file are cached, what other submissions read.
FIRST_UNREVIEWED_SYSCALL = 453
_CACHESTAT = 451
_O_DIRECT = {"x86_64": 0o40000, "aarch64": 0o200000}
# preadv2 and pwritev2 take flags of their own for one call: of them only those older than the filter pass
# (RWF_HIPRI, DSYNC, SYNC, NOWAIT, APPEND, NOAPPEND); any other answers EOPNOTSUPP, what a kernel without it says.
# RWF_DONTCACHE (Linux 6.14) drops each page once read, so every read of a file goes to the disk again: sixteen
# threads read 13.6 GiB from disk in 25 s and slowed a host process's reads eight-fold (round 33), O_DIRECT's
# effect at the page cache's CPU cost. Newer flags are refused until someone looks at them.
_RWF_KNOWN = 0x3F
# With each sandbox's disk reads capped (read_bytes_per_s, read_iops), a read it queues holds its page of the page
# cache locked until the cap lets it through, and every other process that wants that page waits: a kernel that
# dropped clean pages of the venv and /usr from the cache (posix_fadvise DONTNEED) and queued 150,000 readaheads of
# them (WILLNEED) held a host process's one-byte read for 78 s, and, aimed at torch's libraries, cost two honest
# students graded beside it 14 of 24 points each (round 32, as root). So no sandbox may drop pages of
# the shared cache or ask for readahead: posix_fadvise(DONTNEED, WILLNEED), readahead(), madvise(MADV_WILLNEED,
# MADV_COLD, MADV_PAGEOUT, MADV_POPULATE_READ) succeed and do nothing, so its queue holds what its threads' own
# reads need. What stays: pages only its own reads brought into the cache,
# dropped under its own memory cap and read again.
# Round 33: one read still queues a whole readahead window (this disk's read_ahead_kb: 8 MiB) and the next, read
# ahead as it goes; SEQUENTIAL advice doubles the window, so it does nothing either. What stays, at most: the
# sandbox's processes x two windows, read at its cap (README, "Known and left open").
_FADV_DROP_OR_FETCH = (2, 3, 4)  # POSIX_FADV_SEQUENTIAL, POSIX_FADV_WILLNEED, POSIX_FADV_DONTNEED
# MADV_COLLAPSE reads a whole huge page's range of a file at once, MADV_POPULATE_WRITE a whole private mapping of
# one (round 34: 33.8 MiB in one call).
# MADV_MERGEABLE and MADV_UNMERGEABLE hand a sandbox's memory to KSM, whose host thread scans it outside every cgroup
# and whose merged pages are a timing channel between two sandboxes (round 49's lead, where KSM is on).
_MADV_DROP_OR_FETCH = (2, 3, 12, 13, 20, 21, 22, 23, 25)  # SEQUENTIAL, WILLNEED, (UN)MERGEABLE, COLD, PAGEOUT,
# POPULATE_READ/WRITE, COLLAPSE
# ioctl() commands a sandbox may use (the same numbers on x86_64 and aarch64), each answered by the terminal, socket
# or interface it is aimed at: whether a descriptor is a terminal and its size (TCGETS, TIOCGWINSZ: Python, IPython),
# bytes waiting (FIONREAD, TIOCOUTQ), blocking and close-on-exec (FIONBIO, FIOASYNC, FIOCLEX, FIONCLEX: libzmq,
# gloo), and the network interfaces of its own namespace, its loopback (SIOCGIF*, SIOCETHTOOL: gloo's device).
# Any other answers ENOTTY, what a file that knows no such command says. Commands are a driver's or a file system's
# own code, and some do whole-host work for any reader: ext4's FS_IOC_GETFSMAP, on a read-only library, walks the
# disk's whole space map (0.2-0.7 s a call; from four processes another course's students graded on the host took
# 21-41 s instead of 4-7, and it shows the host's free space block by block, round 44). An allow list: every
# grading of the course's notebooks, traced, asks for these and no other.
_IOCTLS = (0x5401, 0x5413, 0x541B, 0x5411, 0x5421, 0x5452, 0x5450, 0x5451,  # TCGETS ... FIOCLEX
           0x8910, 0x8912, 0x8913, 0x8915, 0x8919, 0x891B, 0x8921, 0x8927, 0x8933,  # SIOCGIFNAME ... SIOCGIFINDEX
           0x8946)  # SIOCETHTOOL
# With a GPU, whose driver takes commands of its own, only the file systems' generic ones ('X': FS_IOC_GETFSMAP,
# FITRIM, FIFREEZE...) are refused.
_IOCTL_TYPE_FS = ord("X")
_RET_KILL_PROCESS, _RET_ALLOW, _RET_ERRNO = 0x80000000, 0x7FFF0000, 0x00050000
_LD_ABS, _JEQ, _JGE, _JSET, _RET, _AND, _RSH = 0x20, 0x15, 0x35, 0x45, 0x06, 0x54, 0x74


def _arch() -> str | None:
    machine = platform.machine().lower()
    return {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}.get(machine)


#: What the NVIDIA CUDA driver needs of the filter's refusals: its context's host-side shared memory, made with
#: mmap(MAP_SHARED | MAP_ANONYMOUS) (refused, torch.cuda.set_device fails with "CUDA error: out of memory").
#: Measured in the real sandbox on an NVIDIA H200 (driver 580, torch 2.11+cu130): allowing that mmap alone
#: brought CUDA, pinned memory and NCCL back; allowing any one other refused call (memfd_create included)
#: did not. It is allowed only in sandboxes that get a GPU (see gpu_in_sandbox).
_CUDA_NEEDS_SHARED_ANONYMOUS = True


def seccomp_program(arch: str | None = None, gpu: bool | None = None) -> bytes:
    """The filter, as bwrap --seccomp reads it: struct sock_filter {u16 code; u8 jt, jf; u32 k}[].

    `gpu` (default: gpu_in_sandbox()) allows what the CUDA driver needs: shared anonymous mmap, memory no
    rlimit counts, which only a sandbox whose memory a cgroup caps may have."""
    arch = arch or _arch()
    gpu = gpu_in_sandbox() if gpu is None else gpu
    numbers = _SYSCALLS[arch]
    denied = sorted({numbers[name] for name in _DENIED if name in numbers})
    # The program, with jump targets as labels resolved below.
    prog: list[tuple] = [
        (_LD_ABS, 0, 0, 4),  # seccomp_data.arch
        (_JEQ, 1, 0, _AUDIT_ARCH[arch]),
        (_RET, 0, 0, _RET_KILL_PROCESS),  # another ABI (i386 on x86_64): no filter of ours covers it
        (_LD_ABS, 0, 0, 0),  # seccomp_data.nr
    ]
    if arch == "x86_64":
        prog.append((_JGE, "deny", 0, 0x40000000))  # the x32 ABI's numbers
    prog += [(_JGE, 1, 0, FIRST_UNREVIEWED_SYSCALL),  # newer than this filter: as a kernel without them answers
             (_JEQ, 0, 1, _CACHESTAT),
             (_RET, 0, 0, _RET_ERRNO | errno.ENOSYS)]
    prog.append((_JEQ, 0, "not_clone", numbers["clone"]))
    prog += [(_LD_ABS, 0, 0, 16),  # args[0] (the flags), low 32 bits
             (_JSET, "deny", 0, _CLONE_NAMESPACES),
             # its low byte is the signal the caller gets when the new process ends: none, or SIGCHLD (round 27
             # had a process stop itself with clone(SIGSTOP); no signal but the usual one is sent this way)
             (_AND, 0, 0, _CSIGNAL),
             (_JEQ, "allow", 0, 0),
             (_JEQ, "allow", "deny", signal.SIGCHLD)]
    labels = {"not_clone": len(prog)}
    prog.append((_JEQ, 0, "not_mmap", numbers["mmap"]))
    prog += [(_LD_ABS, 0, 0, 40),  # args[3] (the flags), low 32 bits
             (_JSET, "deny", 0, _MAP_GROWSDOWN)]
    if not gpu:  # a file mapped with MAP_POPULATE is read whole at once, queued behind the read cap (see above)
        prog += [(_JSET, 0, "mmap_no_populate", _MAP_POPULATE),
                 (_JSET, "mmap_no_populate", "deny", _MAP_ANONYMOUS)]
    labels["mmap_no_populate"] = len(prog)
    if not (gpu and _CUDA_NEEDS_SHARED_ANONYMOUS):
        prog += [(_AND, 0, 0, _MAP_SHARED_ANONYMOUS),
                 (_JEQ, "deny", "allow", _MAP_SHARED_ANONYMOUS)]
    else:
        prog.append((_RET, 0, 0, _RET_ALLOW))
    labels["not_mmap"] = len(prog)
    prog.append((_JEQ, 0, "not_socket", numbers["socket"]))
    prog.append((_LD_ABS, 0, 0, 16))  # args[0] (the address family)
    prog += [(_JEQ, "ip_protocol", 0, family) for family in _IP_FAMILIES]
    prog += [(_JEQ, "allow", 0, family) for family in _SOCKET_FAMILIES if family not in _IP_FAMILIES]
    prog.append((_JEQ, 0, "no_family", _AF_NETLINK))
    prog += [(_LD_ABS, 0, 0, 32),  # args[2] (the protocol)
             (_JEQ, "allow", 0, _NETLINK_ROUTE),
             (_RET, 0, 0, _RET_ERRNO | errno.EPROTONOSUPPORT)]
    labels["no_family"] = len(prog)
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.EAFNOSUPPORT))
    labels["ip_protocol"] = len(prog)  # reached by a jump only
    prog += [(_LD_ABS, 0, 0, 24),  # args[1] (the type), without its flags
             (_AND, 0, 0, _SOCK_TYPE_MASK)]
    prog += [(_JEQ, "ip_type_known", 0, kind) for kind in _IP_TYPES]
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.ESOCKTNOSUPPORT))
    labels["ip_type_known"] = len(prog)
    prog.append((_LD_ABS, 0, 0, 32))  # args[2] (the protocol)
    prog += [(_JEQ, "allow", 0, protocol) for protocol in _IP_PROTOCOLS]
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.EPROTONOSUPPORT))
    labels["not_socket"] = len(prog)
    # socketpair() makes its first socket before it finds that a family has no pairs: of any family but local, that
    # socket reached the family's and protocol's code, and a host whose kernel loads modules on demand runs modprobe
    # for it as root, as for socket() (round 40). Pairs are local only.
    prog.append((_JEQ, 0, "not_socketpair", numbers["socketpair"]))
    prog += [(_LD_ABS, 0, 0, 16),  # args[0] (the address family)
             (_JEQ, "allow", 0, 1),  # AF_UNIX
             (_RET, 0, 0, _RET_ERRNO | errno.EAFNOSUPPORT)]
    labels["not_socketpair"] = len(prog)
    prog.append((_JEQ, 0, "not_ioctl", numbers["ioctl"]))
    prog.append((_LD_ABS, 0, 0, 24))  # args[1] (the command), an unsigned int
    if gpu:  # the NVIDIA driver's commands are its own; the file systems' whole-disk ones are refused
        prog += [(_RSH, 0, 0, 8), (_AND, 0, 0, 0xFF),
                 (_JEQ, "no_ioctl", "allow", _IOCTL_TYPE_FS)]
    else:
        prog += [(_JEQ, "allow", 0, command) for command in _IOCTLS]
    labels["no_ioctl"] = len(prog)
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.ENOTTY))
    labels["not_ioctl"] = len(prog)
    prog.append((_JEQ, 0, "not_setsockopt", numbers["setsockopt"]))
    prog += [(_LD_ABS, 0, 0, 24),  # args[1] (the level)
             (_JEQ, 0, "allow", _SOL_SOCKET),
             (_LD_ABS, 0, 0, 32)]  # args[2] (the option)
    prog += [(_JEQ, "deny", 0, option) for option in _SOCKET_FILTER_OPTIONS]
    prog += [(_JEQ, "no_buffer", 0, option) for option in _SOCKET_BUFFER_OPTIONS[:-1]]
    prog += [(_JEQ, "no_buffer", "allow", _SOCKET_BUFFER_OPTIONS[-1])]
    labels["no_buffer"] = len(prog)
    prog.append((_RET, 0, 0, _RET_ERRNO | 0))  # "done": the buffer stays the default
    labels["not_setsockopt"] = len(prog)
    prog.append((_JEQ, "no_lock", 0, numbers["flock"]))
    # Flushes to disk succeed and do nothing: every mount a sandbox writes is tmpfs, and sync(), syncfs() of a
    # read-only mount of the host's disk, fsync() of a file there (a journal commit) wait on the host's writeback
    # at no CPU cost: 64 threads of sync() made the host's SQLite commits 3-8 times slower (round 41)
    prog += [(_JEQ, "no_lock", 0, numbers[name]) for name in _FLUSHES]
    prog.append((_JEQ, 0, "not_fcntl", numbers["fcntl"]))
    prog += [(_LD_ABS, 0, 0, 24),  # args[1] (the command), low 32 bits
             (_JEQ, "deny", 0, _F_SETPIPE_SZ),
             (_JEQ, "deny", 0, _F_SETSIG),
             (_JEQ, "deny", 0, _F_SETLEASE),
             (_JEQ, "deny", 0, _F_NOTIFY),
             (_JEQ, 0, "not_setfl", _F_SETFL),
             (_LD_ABS, 0, 0, 32),  # args[2] (the new flags)
             (_JSET, "no_direct", "allow", _O_DIRECT[arch])]
    labels["not_setfl"] = len(prog)
    prog += [(_JEQ, "no_lock", 0, cmd) for cmd in _F_SETLK_COMMANDS[:-1]]
    prog += [(_JEQ, "no_lock", "allow", _F_SETLK_COMMANDS[-1])]
    labels["no_lock"] = len(prog)
    prog.append((_RET, 0, 0, _RET_ERRNO | 0))  # "done": the call returns 0, and no lock exists
    labels["not_fcntl"] = len(prog)
    for name, offset in (("open", 24), ("openat", 32)):  # the flags: args[1] of open, args[2] of openat
        if name not in numbers:
            continue  # aarch64 has openat only
        prog.append((_JEQ, 0, "not_" + name, numbers[name]))
        prog += [(_LD_ABS, 0, 0, offset),
                 (_JSET, "no_direct", "allow", _O_DIRECT[arch])]
        labels["not_" + name] = len(prog)
    prog.append((_JEQ, 0, "not_openat2", numbers["openat2"]))
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.ENOSYS))
    labels["no_direct"] = len(prog)  # reached by a jump only
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.EINVAL))
    labels["not_openat2"] = len(prog)
    for name in ("preadv2", "pwritev2"):
        prog.append((_JEQ, 0, "not_" + name, numbers[name]))
        prog += [(_LD_ABS, 0, 0, 60),  # args[5] (the flags), high 32 bits: none is defined
                 (_JEQ, 0, "no_rwf", 0),
                 (_LD_ABS, 0, 0, 56),  # low 32 bits
                 (_JSET, "no_rwf", "allow", 0xFFFFFFFF & ~_RWF_KNOWN)]
        labels["not_" + name] = len(prog)
    prog.append((_JGE, "not_rwf", "not_rwf", 0))  # past the answer below
    labels["no_rwf"] = len(prog)  # reached by a jump only
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.EOPNOTSUPP))
    labels["not_rwf"] = len(prog)
    for name, offset, advice in (("fadvise64", 40, _FADV_DROP_OR_FETCH), ("madvise", 32, _MADV_DROP_OR_FETCH)):
        prog.append((_JEQ, 0, "not_" + name, numbers[name]))
        prog.append((_LD_ABS, 0, 0, offset))  # the advice: args[3] of fadvise64, args[2] of madvise
        prog += [(_JEQ, "no_change", 0, value) for value in advice[:-1]]
        prog.append((_JEQ, "no_change", "allow", advice[-1]))
        labels["not_" + name] = len(prog)
    prog.append((_JEQ, "no_change", 0, numbers["readahead"]))
    prog += [(_JEQ, "signal_second", 0, numbers[name]) for name in _SIGNAL_IS_SECOND]
    prog += [(_JEQ, "signal_third", 0, numbers[name]) for name in _SIGNAL_IS_THIRD]
    prog.append((_JGE, "not_signal", "not_signal", 0))  # past the two checks below
    for label, offset in (("signal_second", 24), ("signal_third", 32)):  # args[1], args[2]: low 32 bits
        labels[label] = len(prog)
        prog += [(_LD_ABS, 0, 0, offset),
                 (_JGE, 0, "allow", _STOP_SIGNALS[0]),
                 (_JGE, "allow", "deny", _STOP_SIGNALS[1] + 1)]
    labels["not_signal"] = len(prog)  # reached by the jump only: the accumulator still holds the call's number
    for name, which in (("setpriority", _PRIO_PROCESS), ("ioprio_set", _IOPRIO_WHO_PROCESS)):
        prog.append((_JEQ, 0, "not_" + name, numbers[name]))
        prog += [(_LD_ABS, 0, 0, 16),  # args[0] (which): one process (a thread), not a group or a user
                 (_JEQ, 0, "no_change", which),
                 (_LD_ABS, 0, 0, 24),  # args[1] (who): 0, the caller
                 (_JEQ, "allow", "no_change", 0)]
        labels["not_" + name] = len(prog)  # reached by the comparison's jump only: still the call's number
    for name in _ONLY_ITS_OWN:
        prog.append((_JEQ, 0, "not_" + name, numbers[name]))
        prog += [(_LD_ABS, 0, 0, 16)]  # args[0], low 32 bits (the kernel reads a pid_t): 0, the caller
        if name != "prlimit64":
            prog.append((_JEQ, "allow", "no_change", 0))
        else:  # another's limits may be read: args[2], the new limit, NULL (both halves of the pointer)
            prog += [(_JEQ, 0, "prlimit_other", 0),
                     (_LD_ABS, 0, 0, 24),  # its own: args[1] (the resource)
                     (_JEQ, 0, "allow", _RLIMIT_CORE),
                     (_LD_ABS, 0, 0, 32),  # RLIMIT_CORE read, never set
                     (_JEQ, 0, "no_change", 0),
                     (_LD_ABS, 0, 0, 36),
                     (_JEQ, "allow", "no_change", 0)]
            labels["prlimit_other"] = len(prog)
            prog += [(_LD_ABS, 0, 0, 32),
                     (_JEQ, 0, "deny", 0),
                     (_LD_ABS, 0, 0, 36),
                     (_JEQ, "allow", "deny", 0)]
        labels["not_" + name] = len(prog)
    prog.append((_JEQ, 0, "not_setrlimit", numbers["setrlimit"]))
    prog += [(_LD_ABS, 0, 0, 16),  # args[0] (the resource)
             (_JEQ, "no_change", "allow", _RLIMIT_CORE)]
    labels["not_setrlimit"] = len(prog)
    prog.append((_JEQ, 0, "not_prctl", numbers["prctl"]))
    prog += [(_LD_ABS, 0, 0, 16),  # args[0] (the option), low 32 bits (the kernel reads an int)
             (_JEQ, "deny", 0, _PR_SET_SECCOMP),
             (_JEQ, 0, "allow", _PR_FUTEX_HASH),
             (_RET, 0, 0, _RET_ERRNO | errno.EINVAL)]
    labels["not_prctl"] = len(prog)  # reached by the comparison's jump only: still the call's number
    prog.append((_JGE, "not_scheduling", "not_scheduling", 0))  # past the answer below
    labels["no_change"] = len(prog)
    prog.append((_RET, 0, 0, _RET_ERRNO | 0))  # "done": the call returns 0, and nothing changed
    labels["not_scheduling"] = len(prog)
    prog.append((_JEQ, 0, 1, numbers["clone3"]))
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.ENOSYS))  # its flags are out of the filter's reach: libc falls back to clone
    for nr in denied:
        prog.append((_JEQ, "deny", 0, nr))
    labels["allow"] = len(prog)
    prog.append((_RET, 0, 0, _RET_ALLOW))
    labels["deny"] = len(prog)
    prog.append((_RET, 0, 0, _RET_ERRNO | errno.EPERM))
    out = b""
    for i, (code, jt, jf, k) in enumerate(prog):
        jt = labels[jt] - i - 1 if isinstance(jt, str) else jt
        jf = labels[jf] - i - 1 if isinstance(jf, str) else jf
        assert 0 <= jt < 256 and 0 <= jf < 256
        out += struct.pack("=HBBI", code, jt, jf, k)
    return out


#: What a sandbox's /proc shows besides its processes: what Python, torch, psutil and glibc read (traced through a
#: grading of every assignment), the sandbox's own namespaces' views (sys, net, mounts), and, with a GPU, the
#: driver's. Every other entry of /proc is the whole host's and some cost the host to read: ext4's
#: /proc/fs/<disk>/es_shrinker_info walks every cached inode of the disk under one spinlock, preemption off (0.3 s a
#: read; another course's students graded beside one reader took 27-66 s instead of 4-6, round 44). An allow list:
#: the others are empty (a read-only tmpfs for a folder, /dev/null for a file), whatever a kernel adds later.
PROC_SHOWN = ("self", "thread-self", "sys", "pressure", "net", "mounts", "stat", "cpuinfo", "meminfo", "vmstat",
              "swaps", "filesystems", "version", "version_signature", "uptime", "loadavg")
PROC_SHOWN_WITH_GPU = ("driver",)


def _proc_masks(gpu: bool) -> list[str]:
    """bwrap arguments that empty every host-wide entry of /proc but PROC_SHOWN (see there)."""
    shown = set(PROC_SHOWN) | (set(PROC_SHOWN_WITH_GPU) if gpu else set())
    args = []
    for name in sorted(os.listdir("/proc")):
        path = os.path.join("/proc", name)
        if name.isdigit() or name in shown or os.path.islink(path):
            continue
        if os.path.isdir(path):
            args += ["--size", "4096", "--tmpfs", path, "--remount-ro", path]
        else:
            args += ["--ro-bind", "/dev/null", path]
    return args


def _memfd(name: str, data: bytes) -> int:
    fd = os.memfd_create(name, 0)
    os.write(fd, data)
    os.lseek(fd, 0, os.SEEK_SET)
    os.set_inheritable(fd, True)
    return fd


# --- what the kernel sees ------------------------------------------------------------------------

def _package_dir(name: str) -> str:
    import importlib.util

    spec = importlib.util.find_spec(name)
    return os.path.dirname(spec.origin)


def _checkouts() -> set[str]:
    """The folders the judges (autograders/) and the grader (grader/) come from: a checkout, hidden whole."""
    return {os.path.dirname(_package_dir(name)) for name in ("autograders", "grader")}


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def read_only_paths(course_root: str, cwd: str) -> list[str]:
    """Directories the kernel reads: the Python installation, its sys.path, helpers/ and probes/.

    Nothing inside the course directory or the checkout the course's code comes from, except the
    virtual environment, helpers/, probes/ and folders packages were installed into (`pip install
    --target` beside the course); nothing that contains either of them (a sys.path entry such as /
    would show everything).
    """
    hidden = [os.path.realpath(course_root), *(os.path.realpath(p) for p in _checkouts())]
    wanted = [_package_dir("helpers"), _package_dir("probes")]
    python = [sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix,
              os.path.dirname(os.path.realpath(sys.executable))]
    allowed_inside = [os.path.realpath(p) for p in python + wanted]
    for entry in sys.path:
        if not entry or not os.path.isdir(entry) or os.path.realpath(entry) == os.path.realpath(cwd):
            continue
        real = os.path.realpath(entry)
        if any(_inside(h, real) for h in hidden):
            continue  # /, the course, the checkout (an editable install: helpers/ and probes/ are bound instead)
        if (any(_inside(real, h) for h in hidden) and not any(_inside(real, a) for a in allowed_inside)
                and not _holds_packages(real)):
            continue  # e.g. the course's source/: only installed packages may come from inside
        wanted.append(entry)
    paths = []
    for path in python + wanted:
        if path and os.path.isdir(path) and not any(_inside(path, p) for p in paths):
            paths = [p for p in paths if not _inside(p, path)] + [path]
    return sorted(paths)


def _holds_packages(folder: str) -> bool:
    """A folder packages were installed into (site-packages, or `pip install --target`)."""
    if os.path.basename(folder) in ("site-packages", "dist-packages"):
        return True
    try:
        return any(name.endswith((".dist-info", ".egg-info")) for name in os.listdir(folder))
    except OSError:
        return False


def gpu_nodes() -> list[str]:
    """The NVIDIA device nodes of this machine (none without GPUs)."""
    return sorted(p for pattern in GPU_NODES for p in glob.glob(pattern))


def gpu_in_sandbox() -> bool:
    """Whether sandboxes get this machine's NVIDIA GPUs (their device nodes, and what the CUDA driver needs).

    The driver needs shared memory that no rlimit counts (shared anonymous mappings, which /dev/zero mapped
    shared also is: see _CUDA_NEEDS_SHARED_ANONYMOUS), so a sandbox gets a GPU only where a memory cgroup caps all of the
    submission's processes together, shared memory included: the grader is root on a machine with
    cgroups. Graded as an ordinary user, student code runs on the CPU (the device rule gives every rank
    the CPU where no GPU is visible)."""
    return bool(gpu_nodes()) and os.geteuid() == 0 and cgroup_kind() != "none"


def kernel_env(runtime: str | None, limits: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if k in ENV_ALLOWED or k.startswith(ENV_ALLOWED_PREFIXES)}
    # the grader's own PATH names its folders: the kernel gets the Python installation's and the system's
    env["PATH"] = kernel_path()
    env.update(HOME="/tmp", TMPDIR="/tmp", MPLCONFIGDIR="/tmp", IPYTHONDIR="/tmp/.ipython",
               JUPYTER_CONFIG_DIR="/tmp/.jupyter", JUPYTER_DATA_DIR="/tmp/.jupyter-data",
               XDG_CACHE_HOME="/tmp/.cache", DISTCOURSE_SANDBOXED="1",
               # c10d warns on stderr, for every rank, that it cannot name peers in an offline network
               # namespace: noise in the student's feedback (stderr costs no points, grader.scores)
               TORCH_CPP_LOG_LEVEL="ERROR",
               # glibc's malloc asks for transparent huge pages (madvise): half of a process with torch imported
               # (about 100 of its 212 MiB of anonymous memory) is then in 2 MiB pages, whose page tables a fork
               # copies in one entry each. Kernels, observers and their ranks fork such a process tens of times a
               # submission ("Measured": make bench BENCH=fork). Python's own objects stay with pymalloc: with
               # PYTHONMALLOC=malloc nearly all of it is huge and a fork cheaper still, but the class's user CPU
               # grew more than its system CPU shrank (paired runs, 1.07x user)
               GLIBC_TUNABLES="glibc.malloc.hugetlb=1")
    if runtime:
        env["JUPYTER_RUNTIME_DIR"] = runtime
    if gpu_in_sandbox():
        env["DISTCOURSE_GPU_MEMORY_BYTES"] = str(limits["memory_bytes"])
    return env


def _copy_folder(cwd: str) -> tuple[list[str], list[int]]:
    """bwrap arguments that fill the kernel's tmpfs with a copy of cwd's regular files (links, pipes skipped)."""
    args, fds = [], []
    for dirpath, dirnames, filenames in os.walk(cwd):
        for name in sorted(dirnames):
            path = os.path.join(dirpath, name)
            if os.path.islink(path):
                dirnames.remove(name)
            else:
                args += ["--dir", path]
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                continue
            if not stat.S_ISREG(os.fstat(fd).st_mode) or len(fds) >= MAX_FILES:
                os.close(fd)
                continue
            os.set_inheritable(fd, True)
            fds.append(fd)
            args += ["--file", str(fd), path]
    return args, fds


def bwrap_command(program: list[str], cwd: str, course_root: str, limits: dict | None = None,
                  runtime: str | None = None, connection_file: str | None = None) -> tuple[list[str], list[int]]:
    """The bwrap command line that runs `program` sandboxed in a throwaway copy of `cwd`, and the
    descriptors it reads (the seccomp filter, the files copied), to be kept open for it."""
    limits = {**DEFAULT_LIMITS, **(limits or {})}
    cwd = os.path.abspath(cwd)
    gpu = gpu_in_sandbox()
    seccomp = _memfd("distcourse-seccomp", seccomp_program(gpu=gpu))
    options = _bwrap_options()
    # Older bubblewrap (Ubuntu 22.04's 0.6) lacks --disable-userns (the seccomp filter refuses new
    # user namespaces anyway); without --size the tmpfs folders are capped by the memory cgroup only.
    sized = ["--size", str(limits["tmp_bytes"])] if "--size" in options else []
    cmd = [bwrap_path(), "--die-with-parent", "--new-session",
           "--unshare-user", "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID),
           *(["--disable-userns"] if "--disable-userns" in options else []),
           "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
           "--cap-drop", "ALL", "--seccomp", str(seccomp)]
    # The root is an empty tmpfs; only what follows is in it.
    for top in ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            cmd += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            cmd += ["--ro-bind", top, top]
    for name in ETC_FILES:
        path = os.path.join("/etc", name)
        if os.path.exists(path):
            cmd += ["--ro-bind", path, path]
    # /proc/sys read-only: even the sysctls of the sandbox's own namespaces stay as they are
    cmd += ["--dev", "/dev", "--proc", "/proc", "--ro-bind", "/proc/sys", "/proc/sys"]
    # /proc/pressure read-only: a trigger written there is kernel memory that no cgroup or rlimit counts well, held
    # per open file (round 29: 120,000 of them from one kernel, and a minute to tear them down); reading stays
    if os.path.isdir("/proc/pressure"):
        cmd += ["--ro-bind", "/proc/pressure", "/proc/pressure"]
    cmd += _proc_masks(gpu)
    # /dev/shm (POSIX shared memory) is sized like /tmp, and /dev itself read-only: bwrap's /dev is a
    # tmpfs of half the host's memory, charged to no cgroup when the grader is an ordinary user
    cmd += [*sized, "--tmpfs", "/dev/shm"]
    # no pseudo-terminals: bwrap's /dev/ptmx opens a new pty of a devpts instance whose ptys count against
    # one limit of the whole host (3,072), which one sandbox could take from every other; an empty tmpfs
    # stands in for /dev/pts, so /dev/ptmx (a link to pts/ptmx) opens nothing
    cmd += ["--size", "4096", "--tmpfs", "/dev/pts", "--remount-ro", "/dev/pts"]
    # ... read-only: `--remount-ro /dev` does not reach it, and a writable tmpfs there took 2 GiB of kernel
    # memory in extended attributes (round 12, as an ordinary user; /tmp and /dev/shm have inode caps)
    # /dev/zero mapped MAP_SHARED is shared anonymous memory by another name (the seccomp filter refuses the
    # direct way: no rlimit counts it, only a cgroup): /dev/null stands in for it (reads end at once), except
    # in a sandbox with a GPU, whose memory a cgroup caps (gpu_in_sandbox)
    if not gpu:
        cmd += ["--dev-bind", "/dev/null", "/dev/zero"]
    # What torch's CPU detection reads; with GPUs, what the CUDA driver reads about the devices.
    sys_paths = ["/sys/devices/system/cpu", "/sys/devices/system/node"]
    nodes = gpu_nodes() if gpu else []
    if nodes:
        sys_paths = ["/sys/devices", "/sys/bus", "/sys/module/nvidia", "/sys/module/nvidia_uvm"]
        for node in nodes:
            cmd += ["--dev-bind", node, node]
    for path in sys_paths:
        if os.path.exists(path):
            cmd += ["--ro-bind", path, path]
    # A private /tmp first: what follows may live under /tmp (a checkout, a course, the runtime folder).
    cmd += [*sized, "--tmpfs", "/tmp"]
    # The course or the checkout, where it lies under /tmp, would be folders of that writable /tmp:
    # an empty tmpfs stands in for each, made read-only once the mount points below are in it.
    stand_ins = sorted({os.path.realpath(course_root), *_checkouts()})
    stand_ins = [path for path in stand_ins if _inside(path, "/tmp") and path != "/tmp"]
    for path in stand_ins:
        cmd += ["--tmpfs", path]
    # bwrap runs as an unprivileged user (HOST_UID when the grader is root), who may not reach these
    # paths (a Python under /root): a root launcher stages them (_stage); the files must be world-readable.
    path_fds = []
    for path in read_only_paths(course_root, cwd):
        if not _inside(path, "/usr"):  # /usr comes with its mounts (/usr/local/nvidia, /usr/local/cuda)
            cmd += ["--ro-bind", _stage(path), path]
    if runtime:
        if os.geteuid() == 0:  # the kernel makes its IPC sockets here, as the sandbox's host user
            os.chown(runtime, *host_ids())
        cmd += ["--bind", _stage(runtime), runtime]
    if connection_file:
        data = os.open(connection_file, os.O_RDONLY)  # a copy: the file is the grader's, mode 0600
        os.set_inheritable(data, True)
        path_fds.append(data)
        cmd += ["--ro-bind-data", str(data), connection_file]
    # The kernel's folder: a sized tmpfs holding a copy of the submission's files, thrown away after.
    copy_args, fds = _copy_folder(cwd)
    cmd += [*(["--size", str(limits["work_bytes"])] if sized else []), "--tmpfs", cwd, *copy_args]
    # the root tmpfs that holds all these mount points: read-only (unlimited in size otherwise)
    for path in [*stand_ins, "/dev", "/"]:
        cmd += ["--remount-ro", path]
    cmd += ["--chdir", cwd, "--clearenv"]
    for key, value in sorted(kernel_env(runtime, limits).items()):
        cmd += ["--setenv", key, value]
    return cmd + ["--", *program], [seccomp, *fds, *path_fds]


def _runtime_of(connection_file: str) -> str:
    """The folder of the kernel's IPC sockets, from its connection file (which must ask for IPC)."""
    with open(connection_file) as fh:
        info = json.load(fh)
    if info.get("transport") != "ipc" or not os.path.isabs(info.get("ip", "")):
        raise SystemExit("the sandboxed kernel shares no network with nbgrader: start it with "
                         "--KernelManager.transport=ipc and an absolute --KernelManager.ip (grader.grade does)")
    return os.path.dirname(info["ip"])


#: A kernel bwrap starts (no template): ipykernel_launcher as `python -m` would run it, without the notebook's folder on
#: sys.path (where a handed-in `ipykernel_launcher.py` would be found first).
KERNEL_MAIN = NO_CWD + "import runpy\nrunpy.run_module('ipykernel_launcher', run_name='__main__', alter_sys=True)\n"

#: A sandboxed kernel starts without the notebook's folder on sys.path: nothing handed in beside the notebook can be
#: imported before the submission's turn (IPython imports its `storemagic` extension by that name as it starts, from
#: that folder first; the warm-up's imports would find a module of the hand-in's name before site-packages). The
#: grader puts the folder back once the kernel's turn has come (grader.execute.OPEN_FOLDER), where IPython puts it.
KERNEL_ARGS = ("--InteractiveShellApp.ignore_cwd=True",)


def kernel_command(connection_file: str, cwd: str, course_root: str, limits: dict | None = None):
    connection_file = os.path.abspath(connection_file)
    runtime = _runtime_of(connection_file)
    program = [sys.executable, "-c", KERNEL_MAIN, "-f", connection_file, *KERNEL_ARGS]
    return bwrap_command(program, cwd, course_root, limits, runtime=runtime, connection_file=connection_file)


# --- limits --------------------------------------------------------------------------------------

CGROUP_ROOT = "/sys/fs/cgroup"
CGROUP_PREFIX = "distcourse-sandbox-"


def _own_cgroups() -> dict[str, str]:
    """controller (or "" for v2) -> this process's cgroup path, from /proc/self/cgroup."""
    found = {}
    with open("/proc/self/cgroup") as fh:
        for line in fh:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            for name in controllers.split(",") if controllers else [""]:
                found[name] = path
    return found


def _write(path: str, value) -> None:
    with open(path, "w") as fh:
        fh.write(str(value))


def _enter(group: str, settings: dict[str, object]) -> None:
    """Create `group`, apply its settings (a missing file is skipped), move this process into it. A list is one
    rule a write, for each block device: a device the controller will not throttle is skipped."""
    os.makedirs(group, exist_ok=True)
    for name, value in settings.items():
        if isinstance(value, list):
            for rule in value:
                try:
                    _write(os.path.join(group, name), rule)
                except OSError:
                    pass
            continue
        try:
            _write(os.path.join(group, name), value)
        except OSError:
            if os.path.exists(os.path.join(group, name)):
                raise
            # not offered here (swap accounting off, a controller not enabled): skipped
    _write(os.path.join(group, "cgroup.procs"), os.getpid())


def _block_devices() -> list[str]:
    """MAJOR:MINOR of every block device of the host (its disks, device-mapper and md devices: where a read that
    misses the page cache waits), from /sys/block."""
    found = []
    for dev in sorted(glob.glob("/sys/block/*/dev")):
        try:
            with open(dev) as fh:
                number = fh.read().strip()
        except OSError:
            continue
        if re.fullmatch(r"\d+:\d+", number):
            found.append(number)
    return found


def _read_caps(limits: dict) -> tuple[int, int]:
    """(bytes a second, reads a second) a sandbox may read from each block device."""
    return (int(limits.get("read_bytes_per_s", DEFAULT_LIMITS["read_bytes_per_s"])),
            int(limits.get("read_iops", DEFAULT_LIMITS["read_iops"])))


def _cgroup_v1(limits: dict) -> dict[str, str]:
    own = _own_cgroups()
    (bps, iops), devices = _read_caps(limits), _block_devices()
    name = f"{CGROUP_PREFIX}{os.getpid()}"
    plan = {
        "memory": {"memory.limit_in_bytes": limits["memory_bytes"], "memory.memsw.limit_in_bytes": limits["memory_bytes"],
                   "memory.swappiness": 0,
                   "memory.kmem.tcp.limit_in_bytes": min(limits.get("tcp_bytes", DEFAULT_LIMITS["tcp_bytes"]),
                                                         limits["memory_bytes"])},
        "cpu": {"cpu.shares": max(2, 1024 * limits["cpu_weight"] // 100),
                **({"cpu.cfs_quota_us": int(limits["cpu_cores"] * 100_000), "cpu.cfs_period_us": 100_000}
                   if limits["cpu_cores"] else {})},
        "pids": {"pids.max": limits["processes"]},
        "blkio": {"blkio.throttle.read_bps_device": [f"{dev} {bps}" for dev in devices],
                  "blkio.throttle.read_iops_device": [f"{dev} {iops}" for dev in devices]},
    }
    made = {}
    for controller, settings in plan.items():
        base = os.path.join(CGROUP_ROOT, controller)
        if controller not in own or not os.path.isdir(base):
            continue
        group = os.path.join(base + own[controller].rstrip("/"), name)
        try:
            _enter(group, settings)
            made[controller] = group
        except OSError:
            continue
    return made


def _v2_parent(own: str) -> tuple[str, set[str]] | None:
    """A cgroup (ours or an ancestor's) whose children get the memory, cpu and pids controllers, and
    which of them they get."""
    wanted = {"memory", "cpu", "pids"}
    path = os.path.join(CGROUP_ROOT, own.lstrip("/")).rstrip("/")
    evacuations = 0
    while _inside(path, CGROUP_ROOT):
        try:
            with open(os.path.join(path, "cgroup.subtree_control")) as fh:
                enabled = set(fh.read().split())
            if not wanted <= enabled:
                with open(os.path.join(path, "cgroup.controllers")) as fh:
                    offered = set(fh.read().split())
                for controller in sorted(wanted & offered - enabled):
                    _write(os.path.join(path, "cgroup.subtree_control"), f"+{controller}")
                with open(os.path.join(path, "cgroup.subtree_control")) as fh:
                    enabled = set(fh.read().split())
            if "io" not in enabled:  # disk reads capped where the io controller is offered: never required
                try:
                    _write(os.path.join(path, "cgroup.subtree_control"), "+io")
                    enabled.add("io")
                except OSError:
                    pass
            return path, (wanted | {"io"}) & enabled
        except OSError as exc:
            if exc.errno == errno.EBUSY and path == CGROUP_ROOT and evacuations < 3:
                # The root of a container's cgroup namespace holds the container's processes, so its
                # children cannot get controllers: move them all into a leaf of their own first (what
                # container managers do), then enable them.
                evacuations += 1
                if _evacuate(path):
                    continue
            if path == CGROUP_ROOT:
                return None
            path = os.path.dirname(path)
    return None


def _evacuate(path: str) -> bool:
    leaf = os.path.join(path, "distcourse-grader")
    try:
        os.makedirs(leaf, exist_ok=True)
        for _ in range(3):
            with open(os.path.join(path, "cgroup.procs")) as fh:
                pids = fh.read().split()
            if not pids:
                return True
            for pid in pids:
                try:
                    _write(os.path.join(leaf, "cgroup.procs"), pid)
                except OSError:
                    pass  # ended meanwhile, or cannot move: the emptiness check above decides
        return False
    except OSError:
        return False


def _cgroup_v2(limits: dict) -> dict[str, str]:
    found = _v2_parent(_own_cgroups().get("", "/"))
    if found is None:
        return {}
    parent, controllers = found
    if not controllers:
        return {}
    group = os.path.join(parent, f"{CGROUP_PREFIX}{os.getpid()}")
    # memory.oom.group: where the OOM killer (the cgroup's, or the host's) picks a process of the sandbox, every
    # process of it goes, so that its namespaces end and what they held (tmpfs files, socket queues) is freed
    settings = {"memory.max": limits["memory_bytes"], "memory.swap.max": 0, "pids.max": limits["processes"],
                "cpu.weight": limits["cpu_weight"], "memory.oom.group": 1}
    if "io" in controllers:
        bps, iops = _read_caps(limits)
        settings["io.max"] = [f"{dev} rbps={bps} riops={iops}" for dev in _block_devices()]
    if limits["cpu_cores"]:
        settings["cpu.max"] = f"{int(limits['cpu_cores'] * 100_000)} 100000"
    try:
        _enter(group, settings)
    except OSError:
        return {}
    return {controller: group for controller in controllers}


def cgroup_kind() -> str:
    if os.path.exists(os.path.join(CGROUP_ROOT, "cgroup.controllers")):
        return "v2"
    return "v1" if os.path.isdir(os.path.join(CGROUP_ROOT, "memory")) else "none"


def kernel_cgroups() -> list[str]:
    """The cgroups of this submission's kernel: the last set its launcher logged (DISTCOURSE_CGROUP_LOG, a
    file in the grader's private folder). The submission's observer joins them, so that the two sandboxes
    of one submission share one memory, process and CPU budget."""
    log = os.environ.get("DISTCOURSE_CGROUP_LOG")
    if not log or os.geteuid() != 0:
        return []
    try:
        with open(log) as fh:
            lines = [line.strip() for line in fh if line.strip()]
    except OSError:
        return []
    if not lines:
        return []
    last = os.path.basename(lines[-1])
    return [line for line in lines if os.path.basename(line) == last and last.startswith(CGROUP_PREFIX)
            and _inside(os.path.realpath(line), CGROUP_ROOT) and os.path.isdir(line)]


def _controllers(group: str) -> set[str]:
    if cgroup_kind() == "v2":
        try:
            with open(os.path.join(group, "cgroup.controllers")) as fh:
                return set(fh.read().split())
        except OSError:
            return set()
    return {os.path.relpath(group, CGROUP_ROOT).split(os.sep)[0]}


def cgroups_possible() -> bool:
    """Whether a sandbox started by this process can get cgroups of its own (the grader is root):
    else processes are capped per user (RLIMIT_NPROC), one count shared by every sandbox."""
    return os.geteuid() == 0


#: What the grader itself needs besides its submissions (its grading process, fork server and kernel template, about
#: 1 GiB together, and one class step, a feedback page, at its data cap), what each submission's grading may hold
#: outside its sandbox (its nbgrader process, capped at grader.forkserver.CHILD_DATA_BYTES: round 51 made it hold
#: 1.7-2 GiB of the kernel's frames while a check waited), and what a kernel started early for its turn holds before it
#: runs anything of the hand-in (its nbgrader, the kernel with torch imported), in bytes: the sandboxes' caps and the
#: grader's together never exceed the host's memory (memory_plan), so the host's OOM killer has nothing to choose.
GRADER_RESERVE_BYTES = 2**30 + 2 * 2**30
SUBMISSION_OVERHEAD_BYTES = 2 * 2**30
WARM_KERNEL_BYTES = 3 * 2**28
#: The least a sandbox's memory cap is lowered to on a small host (ours need about 1 GiB, torch imported).
MIN_SANDBOX_BYTES = 2**29


def host_memory_bytes() -> int | None:
    """The memory this process may use: the host's (MemTotal), or less where a cgroup above it caps it (a container
    with --memory); None where unknown (not Linux)."""
    try:
        with open("/proc/meminfo") as fh:
            total = next(int(line.split()[1]) * 1024 for line in fh if line.startswith("MemTotal:"))
    except (OSError, StopIteration, ValueError):
        return None
    try:
        own = _own_cgroups()
    except OSError:
        return total
    v2 = cgroup_kind() == "v2"
    path = own.get("" if v2 else "memory")
    if path is None:
        return total
    base = CGROUP_ROOT if v2 else os.path.join(CGROUP_ROOT, "memory")
    name = "memory.max" if v2 else "memory.limit_in_bytes"
    folder = os.path.join(base, path.lstrip("/"))
    while _inside(os.path.realpath(folder), base):
        try:
            with open(os.path.join(folder, name)) as fh:
                value = fh.read().strip()
            if value.isdigit():
                total = min(total, int(value))
        except OSError:
            pass
        if os.path.realpath(folder) == os.path.realpath(base):
            break
        folder = os.path.dirname(folder)
    return total


def memory_plan(limits: dict | None = None, warm: int = 0) -> tuple[int, int] | None:
    """(how many submissions may run at once, each one's memory cap) so that the sandboxes' caps, the grader's
    own needs and `warm` kernels started early for their turn fit in the host's memory; None if that is unknown.
    At least one runs: where even one at the sandbox's cap does not fit, its cap is lowered to what is left (round
    51: with a cap above the host's memory a submission's memory ran the host out, and the OOM killer, which the
    sandboxes' cgroups no longer decide for, chose other students' kernels)."""
    memory = {**DEFAULT_LIMITS, **(limits or {})}["memory_bytes"]
    total = host_memory_bytes()
    if total is None:
        return None
    room = total - GRADER_RESERVE_BYTES - warm * WARM_KERNEL_BYTES
    fits = room // (memory + SUBMISSION_OVERHEAD_BYTES)
    if fits >= 1:
        return int(fits), memory
    return 1, max(MIN_SANDBOX_BYTES, room - SUBMISSION_OVERHEAD_BYTES)


def apply_limits(limits: dict, join: list[str] | None = None) -> dict[str, str]:
    """Cap this process and everything it will start; returns {controller: cgroup} it entered (may be empty).
    With `join` (root), it enters those cgroups (a kernel's) instead of making its own."""
    from grader.zygote import doom_first

    doom_first()  # the OOM killer's first choice, everything of the sandbox (grader.zygote)
    groups = {}
    if os.geteuid() == 0 and join:
        try:
            for group in join:
                _write(os.path.join(group, "cgroup.procs"), os.getpid())
                groups.update({controller: group for controller in _controllers(group)})
        except OSError:
            groups = {}
    if os.geteuid() == 0 and not groups:
        try:
            groups = _cgroup_v2(limits) if cgroup_kind() == "v2" else _cgroup_v1(limits)
        except OSError:
            groups = {}
        log = os.environ.get("DISTCOURSE_CGROUP_LOG")
        if groups and log:
            with open(log, "a") as fh:
                fh.write("".join(g + "\n" for g in sorted(set(groups.values()))))
    if "pids" not in groups and os.geteuid() != 0:
        # counted per user: the user's processes now, plus the allowance
        current = 0
        for pid in (p for p in os.listdir("/proc") if p.isdigit()):
            try:
                current += os.stat(f"/proc/{pid}").st_uid == os.getuid()
            except OSError:
                pass
        resource.setrlimit(resource.RLIMIT_NPROC, (current + limits["processes"],) * 2)
    if not {"memory", "pids"} <= set(groups):
        print(f"sandbox: no writable cgroup ({cgroup_kind()}, uid {os.geteuid()}): memory and processes are capped "
              "per process (rlimits), not for the kernel as a whole", file=sys.stderr)
    resource.setrlimit(resource.RLIMIT_DATA, (limits["memory_bytes"],) * 2)
    if "memory" not in groups:
        # Page tables are memory no rlimit counts either: a read-only 4 TiB mapping, touched every 2 MiB, made
        # 6.5 GiB of them in one process (attack round 9). A cap on the address space bounds them (1/512 of
        # what is mapped); it leaves room for libraries, thread stacks and malloc's reservations. A memory
        # cgroup counts them, and CUDA reserves far more address space, so only where there is none.
        resource.setrlimit(resource.RLIMIT_AS, (limits["memory_bytes"] + ADDRESS_SPACE_HEADROOM,) * 2)
    resource.setrlimit(resource.RLIMIT_CPU, (limits["cpu_seconds"],) * 2)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits["file_bytes"],) * 2)
    # No core file, and no core piped to a host program: Linux ignores RLIMIT_CORE for a `|program` core_pattern
    # (Ubuntu's apport, systemd-coredump) but 1 byte makes it abort the dump before it starts the program, which
    # it starts as root, in the root cgroup, one a crash: 1,058 in 15 s from one cell (round 37). The filter keeps
    # a sandbox from lowering it to 0 (`seccomp_program`).
    resource.setrlimit(resource.RLIMIT_CORE, NO_CORE)
    # Queued signals are counted per host user: a kernel queued the user's whole allowance (96,364) and every
    # other process of that user, the grader's included, got EAGAIN from sigqueue and timer_create (round 12)
    pending = resource.getrlimit(resource.RLIMIT_SIGPENDING)[1]
    pending = SIGPENDING if pending == resource.RLIM_INFINITY else min(pending, SIGPENDING)
    resource.setrlimit(resource.RLIMIT_SIGPENDING, (pending, pending))
    # The main thread's stack is memory RLIMIT_DATA does not count: with its limit raised to unlimited (the
    # TA's hard limit), a process grew it by 6.5 GiB past the data cap (round 11). A hard cap keeps it small.
    soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
    soft = STACK_BYTES if soft == resource.RLIM_INFINITY else min(soft, STACK_BYTES)
    resource.setrlimit(resource.RLIMIT_STACK, (soft, STACK_BYTES))
    # Limits a TA's session may have raised, inherited by every process it starts (round 39's lead): a real-time
    # priority (SCHED_FIFO runs before every ordinary process, and a cgroup's CPU share does not cap it), a nice value
    # below the grader's, memory locked in RAM (pages of the shared page cache held there), POSIX message queues
    # (kernel memory, counted per host user). None is raised back: a sandbox never needs them.
    for which, cap in ((resource.RLIMIT_RTPRIO, 0), (resource.RLIMIT_NICE, 0), (resource.RLIMIT_MEMLOCK, MEMLOCK_BYTES),
                       (resource.RLIMIT_MSGQUEUE, 0)):
        hard = resource.getrlimit(which)[1]
        cap = cap if hard == resource.RLIM_INFINITY else min(cap, hard)
        resource.setrlimit(which, (cap, cap))
    # Open files are counted for the whole host (fs.file-max): descriptors x processes stays a small share of it
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    files = SANDBOX_FILES if hard == resource.RLIM_INFINITY else min(SANDBOX_FILES, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    return groups


#: Memory a process of a sandbox may lock in RAM (mlock): Linux's default for an ordinary user (see apply_limits)
MEMLOCK_BYTES = 64 * 1024
#: Address space a process may map beyond the memory cap where no cgroup counts page tables (see apply_limits)
ADDRESS_SPACE_HEADROOM = 16 * 2**30


def _more_descriptors() -> None:
    """One descriptor per file copied into the kernel's folder: raise the soft limit to allow them."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = MAX_FILES + 256
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want if hard == resource.RLIM_INFINITY else min(want, hard), hard))


def remove_cgroups(paths: list[str]) -> None:
    """Remove the cgroups of sandboxes that have ended (the grader calls it after each submission)."""
    for group in paths:
        for sub in sorted(glob.glob(os.path.join(group, "**", ""), recursive=True), key=len, reverse=True):
            try:
                os.rmdir(sub)
            except OSError:
                pass


def _counters(path: str) -> dict[str, int]:
    """`name value` lines of a cgroup file (memory.events, memory.oom_control) as numbers; {} if it cannot be read."""
    found = {}
    try:
        with open(path) as fh:
            for line in fh.read(4096).splitlines():
                name, _, value = line.partition(" ")
                if value.strip().isdigit():
                    found[name] = int(value)
    except OSError:
        pass
    return found


def killed_by_host_oom(paths: list[str]) -> bool:
    """Whether the host's OOM killer took a process of these sandbox cgroups while they held less than their own cap.

    A sandbox is the OOM killer's first choice (zygote.doom_first), so when another account ran the host out of
    memory it was an honest student's kernel that died, and the cell it ran failed as if the hand-in had killed it
    (round 54: 0 of 24 for a correct solution). Told apart by the cgroup's own counters: cgroup v2's memory.events
    counts in "oom" only the times the group itself hit memory.max, in "oom_kill" every process of it any OOM killer
    took; v1's memory.oom_control counts kills ("oom_kill", Linux 4.13 on), and a group that hit its own limit has a
    high-water mark (memory.max_usage_in_bytes, or its memsw twin) at that limit. (v1's memory.failcnt is no sign: with
    memsw capped at the same limit the charge fails there, and round 55 saw both failcnts stay 0 through a group's own
    OOM kill, so a hand-in that blew its own cap was called the host's victim.) A kill with no hit of the group's own
    limit was the host's; a submission that also hit its own cap stays its own fault."""
    for group in paths:
        for sub in glob.glob(os.path.join(group, "**", ""), recursive=True):
            events = _counters(os.path.join(sub, "memory.events"))
            if events.get("oom_kill", 0) > 0 and events.get("oom", 0) == 0 and "oom" in events:
                return True
            killed = _counters(os.path.join(sub, "memory.oom_control")).get("oom_kill", 0)
            if killed > 0:
                limit, peak = (_number(os.path.join(sub, f"memory.{name}")) for name in ("limit_in_bytes",
                                                                                       "max_usage_in_bytes"))
                swap_peak = _number(os.path.join(sub, "memory.memsw.max_usage_in_bytes")) or 0
                if limit and peak is not None and max(peak, swap_peak) < limit - _OWN_CAP_SLACK:
                    return True
    return False


#: How far below its limit a v1 memory cgroup's high-water mark may stay and its OOM kill still count as its own:
#: a charge that fails takes the group to within a few pages of the limit first.
_OWN_CAP_SLACK = 32 * 2**20


def _number(path: str) -> int | None:
    try:
        with open(path) as fh:
            return int(fh.read().strip())
    except (OSError, ValueError):
        return None


def remove_empty_cgroups() -> None:
    """Remove this machine's sandbox cgroups whose processes have all ended."""
    own = _own_cgroups()
    bases = [os.path.join(CGROUP_ROOT, c) + own.get(c, "/").rstrip("/") for c in ("memory", "cpu", "pids", "blkio")]
    bases += [os.path.join(CGROUP_ROOT, own.get("", "/").lstrip("/")).rstrip("/"), CGROUP_ROOT]
    for base in bases:
        for group in glob.glob(os.path.join(base, CGROUP_PREFIX + "*")):
            pid = group.rsplit("-", 1)[-1]
            if pid.isdigit() and not os.path.exists(f"/proc/{pid}"):
                remove_cgroups([group])


def main(argv: list[str]) -> None:
    usage = "usage: python -m grader.sandbox -f CONNECTION_FILE | --observer | --run -- COMMAND..."
    course_root = os.environ.get("DISTCOURSE_COURSE_ROOT")
    if not course_root:
        raise SystemExit("DISTCOURSE_COURSE_ROOT must name the course directory (the kernelspec sets it)\n" + usage)
    limits = {**DEFAULT_LIMITS, **json.loads(os.environ.get("DISTCOURSE_SANDBOX_LIMITS", "{}") or "{}")}
    why = available()
    if why:
        raise SystemExit(f"cannot start the grading sandbox: {why}")
    _more_descriptors()
    if argv[:1] == ["--observer"]:  # probes.observer in a sandbox of its own, on this process's stdin/stdout
        groups = apply_limits(limits, join=kernel_cgroups())  # in the budget of the submission's kernel
        template = os.environ.get("DISTCOURSE_ZYGOTE")
        if template:
            try:
                sys.exit(kernel_from_template(template, None, os.getcwd(), course_root, limits, groups))
            except OSError as exc:
                print(f"sandbox: no observer from the warm template ({exc}); starting one in bwrap", file=sys.stderr)
        cmd, fds = bwrap_command([sys.executable, "-c", OBSERVER_MAIN], os.getcwd(), course_root, limits)
        _stdio_to_forwarder(observer=True)
        sys.exit(bwrap_supervised(cmd, fds, os.getcwd(), limits))
    elif argv[:1] == ["--run"] and "--" in argv:
        cmd, fds = bwrap_command(argv[argv.index("--") + 1:], os.getcwd(), course_root, limits)
        apply_limits(limits)
    elif "-f" in argv:
        connection = os.path.abspath(argv[argv.index("-f") + 1])
        mark_sealed(connection, None)  # a restarted kernel's launcher: not sealed until it says so again
        groups = apply_limits(limits)
        template = os.environ.get("DISTCOURSE_ZYGOTE")
        if template:
            try:
                sys.exit(kernel_from_template(template, argv[argv.index("-f") + 1], os.getcwd(), course_root, limits,
                                              groups))
            except OSError as exc:
                print(f"sandbox: no kernel from the warm template ({exc}); starting one in bwrap", file=sys.stderr)
        cmd, fds = kernel_command(argv[argv.index("-f") + 1], os.getcwd(), course_root, limits)
        _stdio_to_forwarder(observer=False)
        sys.exit(bwrap_supervised(cmd, fds, os.getcwd(), limits, connection))
    else:
        raise SystemExit(usage)
    # bwrap's own environment is readable inside the sandbox (/proc/1/environ is its init's): give it
    # only what finding and loading bwrap needs; the kernel's environment is set by its arguments.
    drop_to_host_user()
    os.execve(cmd[0], cmd, bwrap_env())


def _stdio_to_forwarder(observer: bool) -> None:
    """A kernel's or observer's own output reaches the grader only through the labelled, capped forwarder (an
    observer's stdout stays: it is its channel to the grader)."""
    out = forward_output()
    if not observer:
        os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)


#: A file beside the grader's cgroup log (in its private folder of the submission) that a launcher writes when the
#: sandbox itself could not be started (bwrap failed before its program ran). The grader then fails the submission as
#: its own fault, to grade again, not as the hand-in's (round 52: with the host's BPF budget full, bwrap could not load
#: its filter, and three honest students were "graded" 0 or failed in words that blamed their hand-ins).
SANDBOX_FAILED = "sandbox-failed"


def note_start_failure(why: str) -> None:
    """Tell the grader (SANDBOX_FAILED) that a sandbox could not be started, and why."""
    log = os.environ.get("DISTCOURSE_CGROUP_LOG")
    if not log:
        return
    try:
        with open(os.path.join(os.path.dirname(log), SANDBOX_FAILED), "a") as fh:
            fh.write(why[:300].replace("\n", " ") + "\n")
    except OSError:
        pass


def bwrap_supervised(cmd: list[str], fds: list[int], cwd: str, limits: dict, connection_file: str | None = None) -> int:
    """Run a kernel (or, without `connection_file`, an observer) that bwrap starts itself, where the template
    could not: as a child, beside which this process stays, so that it is sandboxed as a forked one is.

    Before the grader may run a cell (the seal marker says when): a pidfd of the sandbox's init and a guardian
    that SIGKILLs it once this process is gone (a kernel that rewrites its init no longer outlives its grading),
    the inode caps of its tmpfs mounts (bwrap has no option for them), and, once the kernel has made its sockets,
    its runtime folder made read-only inside. Returns when bwrap has ended, with the sandbox ended too."""
    import select
    import subprocess

    from grader import zygote

    zygote.die_with(int(os.environ.get("JPY_PARENT_PID") or os.getppid()))  # as bwrap's --die-with-parent did
    runtime = _runtime_of(connection_file) if connection_file else None
    bwrap = subprocess.Popen(cmd, pass_fds=fds, env=bwrap_env(), preexec_fn=drop_to_host_user)
    for fd in fds:
        os.close(fd)
    init: list[int] = []

    _end_sandbox_on_signals(bwrap, init)
    seal = None
    try:
        pid = _started_sandbox_init(bwrap)
        init[:] = [os.pidfd_open(pid)]
        init.append(_guard_pid_namespace(init[0]))
        user_ns, mnt_ns = (os.open(f"/proc/{pid}/ns/{name}", os.O_RDONLY) for name in ("user", "mnt"))
        _cap_inodes(os.dup(user_ns), os.dup(mnt_ns), {path: int(limits["tmp_inodes"]) for path in ("/tmp", "/dev/shm", cwd)})
        seal = (user_ns, mnt_ns) if runtime else None
        if not runtime:
            os.close(user_ns)
            os.close(mnt_ns)
    except BaseException as exc:
        _end_sandbox(bwrap, init)
        if connection_file:
            mark_sealed(connection_file, "unsealed")
        print(f"sandbox: the sandbox bwrap started could not be set up ({exc})", file=sys.stderr)
        note_start_failure(f"{'a kernel' if connection_file else 'a check'}'s sandbox: {exc}")
        return 1
    sockets = _kernel_sockets(connection_file) if seal else []
    try:
        while bwrap.poll() is None:
            select.select([init[0]], [], [], 0.02 if seal else 1.0)
            if seal and all(os.path.exists(path) for path in sockets):
                mark_sealed(connection_file, "sealed" if _seal_runtime(runtime, *seal) else "unsealed")
                seal = None
    finally:
        for fd in seal or ():
            os.close(fd)
        _end_sandbox(bwrap, init)
    return 0


def _started_sandbox_init(bwrap, timeout: float = 60.0) -> int:
    """The pid of the sandbox's init (bwrap's child, in a PID namespace of its own) once it has set the sandbox up
    and started its program (its first child): the mounts a cap is set on exist from then on."""
    import psutil

    own, deadline = os.readlink("/proc/self/ns/pid"), time.monotonic() + timeout
    while time.monotonic() < deadline:
        if bwrap.poll() is not None:
            raise OSError(errno.ESRCH, f"bwrap ended ({bwrap.returncode}) before the sandbox was set up")
        try:
            for child in psutil.Process(bwrap.pid).children():
                if os.readlink(f"/proc/{child.pid}/ns/pid") != own and child.children():
                    return child.pid
        except (OSError, psutil.Error):
            pass
        time.sleep(0.005)
    raise OSError(errno.ETIMEDOUT, "bwrap did not start the sandbox's program")


def _cap_inodes(user_ns: int, mnt_ns: int, caps: dict[str, int]) -> None:
    """Set each tmpfs mount's inode cap (`caps`: mount point -> inodes) inside the sandbox, in a child that joins
    its user namespace (the mount namespace's owner) and its mount namespace (closes both descriptors)."""
    import ctypes
    import fcntl

    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            clone_newuser, clone_newns, ms_nosuid, ms_nodev, ms_remount = 0x10000000, 0x00020000, 2, 4, 32
            try:  # the user namespace that owns the mount namespace (bwrap may nest a second one inside it)
                user_ns = fcntl.ioctl(mnt_ns, 0xB701)  # NS_GET_USERNS
            except OSError:
                pass
            if libc.setns(user_ns, clone_newuser) != 0 or libc.setns(mnt_ns, clone_newns) != 0:
                code = 2
            else:
                code = 0
                for path, inodes in sorted(caps.items()):
                    if libc.mount(None, os.fsencode(path), None, ms_remount | ms_nosuid | ms_nodev,
                                  f"nr_inodes={int(inodes)}".encode()) != 0:
                        code = 100 + ctypes.get_errno()
        finally:
            os._exit(code)
    os.close(user_ns)
    os.close(mnt_ns)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        raise OSError(errno.EPERM, f"the inodes of the sandbox's tmpfs mounts could not be capped ({status >> 8})")


#: The observer's program: its folder (which its children can write) off sys.path before any import.
OBSERVER_MAIN = NO_CWD + "from probes import observer\nobserver.main()\n"

#: The placeholder bwrap runs in the notebook's folder (the sandbox's first process, whose namespaces the kernel joins):
#: it imports nothing from there (round 24: `import signal` found a handed-in signal.py first).
HOLDER = (NO_CWD + "import os, signal\n"
          "fd = int(sys.argv[1])\n"
          "os.write(fd, b'r')\n"
          "os.close(fd)\n"
          "while True:\n"
          "    signal.pause()\n")


def _holder(bwrap: int) -> int:
    """The program bwrap runs: the end of the chain of single children below bwrap (bwrap, its init in the
    new PID namespace, the program)."""
    import psutil

    pid = bwrap
    while True:
        try:
            children = psutil.Process(pid).children()
        except psutil.Error:
            return pid
        if len(children) != 1:
            return pid
        pid = children[0].pid


def _pidfd_of_init(holder: int) -> int:
    """A pidfd of the sandbox's init (the placeholder's parent, pid 1 of the sandbox's PID namespace)."""
    import psutil

    init = psutil.Process(holder).ppid()
    if os.readlink(f"/proc/{init}/ns/pid") == os.readlink("/proc/self/ns/pid"):
        raise OSError(errno.ESRCH, "the placeholder's parent is not the sandbox's init")
    return os.pidfd_open(init)


def _guard_pid_namespace(pidfd: int) -> int:
    """Fork a guardian that SIGKILLs the sandbox's init once this process is gone, however it went (the grader
    kills a kernel's launcher with SIGKILL): it waits for the end of a pipe whose other end only this process
    holds, in a session of its own (a signal to the kernel's process group does not reach it), holding
    nothing else. Returns that other end."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # only system calls from here: this process may have threads
        try:
            os.setsid()
            for fd in range(3, SANDBOX_FILES + 64):
                if fd not in (r, pidfd):
                    with contextlib.suppress(OSError):
                        os.close(fd)
            while True:
                try:
                    if not os.read(r, 1):
                        break
                except InterruptedError:
                    continue
            signal.pidfd_send_signal(pidfd, signal.SIGKILL)
        finally:
            os._exit(0)
    os.close(r)
    return w


def _end_sandbox(bwrap, init: list[int]) -> None:
    """Kill bwrap and, from outside, the sandbox's init (_end_pid_namespace)."""
    bwrap.kill()
    bwrap.wait()
    _end_pid_namespace(init)


def _end_sandbox_on_signals(bwrap, init: list[int]) -> None:
    """SIGTERM or SIGHUP to this launcher ends its sandbox, then it."""
    def end(*_):
        _end_sandbox(bwrap, init)
        sys.exit(0)

    signal.signal(signal.SIGTERM, end)
    signal.signal(signal.SIGHUP, end)


def _end_pid_namespace(init: list[int]) -> None:
    """SIGKILL the sandbox's init from outside, which ends every process of its PID namespace.

    bwrap's init dies with bwrap only by its own request (PR_SET_PDEATHSIG), and it runs as the kernel's
    user, whose code could write its memory (/proc/1/mem) and undo that request: a sandbox then outlived
    its grading and the grading run (round 10, as an ordinary user). A signal from outside the namespace
    reaches its init whatever the init did; the pidfd, taken before any of the student's code ran, names
    that process and no other."""
    if init:
        with contextlib.suppress(OSError):
            signal.pidfd_send_signal(init[0], signal.SIGKILL)
    for fd in init:  # the pidfd, and the pipe that holds the guardian (which then signals too, and ends)
        with contextlib.suppress(OSError):
            os.close(fd)
    init.clear()


class Template:
    """The kernel template (grader.zygote) of one grading run (grader.grade): started with the kernel's cleared
    environment, ended with the run (and with the grader, should it die first). It lives here, on the
    launcher's side, so that zygote imports nothing of the grader's."""

    def __init__(self, limits: dict | None = None):
        import subprocess
        import tempfile

        limits = {**DEFAULT_LIMITS, **(limits or {})}
        from grader.course import socket_folder

        self.folder = socket_folder("kernel-template-")  # 0700: only this user reaches the socket
        self.path = os.path.join(self.folder, "socket")
        with open(os.path.join(self.folder, "seccomp.bpf"), "wb") as fh:
            fh.write(seccomp_program())
        with open(os.path.join(self.folder, "template.log"), "wb") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "grader.zygote", self.path, str(os.getpid())],
                                         env=kernel_env(None, limits), cwd="/", stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=log)

    def close(self) -> None:
        import shutil

        self.proc.kill()
        self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def kernel_from_template(template: str, connection_file: str | None, cwd: str, course_root: str, limits: dict,
                         groups: dict[str, str]) -> int:
    """Run the kernel as a fork of the warm template (grader.zygote) inside this submission's sandbox.

    Without a connection file, the fork becomes the submission's observer (probes.observer) instead of a
    kernel, on this process's standard streams, in a sandbox of its own.

    bwrap sets the sandbox up around a placeholder; the template's child joins its namespaces. Returns
    when the kernel has ended (or this process is told to end), with the sandbox ended too.
    """
    import importlib.util
    import select

    from grader import zygote

    # This process stands for the kernel (nbgrader watches it): it ends with its parent, as bwrap would
    # (--die-with-parent), and the sandbox with it, should nbgrader's process be killed.
    zygote.die_with(int(os.environ.get("JPY_PARENT_PID") or os.getppid()))
    connection_file = os.path.abspath(connection_file) if connection_file else None
    runtime = _runtime_of(connection_file) if connection_file else None
    ready_r, ready_w = os.pipe()
    cmd, fds = bwrap_command([sys.executable, "-c", HOLDER, str(ready_w)], cwd, course_root, limits,
                             runtime=runtime, connection_file=connection_file)
    # The sandbox's stdout and stderr, bwrap's own included: labelled and capped (_Forward). bwrap's init and
    # the placeholder keep their stderr open inside the sandbox, where the kernel can reach it (/proc/2/fd/2):
    # never this process's own stderr, the grader's log.
    out_r, out_w = os.pipe()
    forward = _Forward(out_r)
    bwrap = subprocess.Popen(cmd, pass_fds=[*fds, ready_w], env=bwrap_env(), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=out_w, preexec_fn=drop_to_host_user)
    for fd in [*fds, ready_w]:
        os.close(fd)
    import socket

    ours, theirs = socket.socketpair()  # to and from the kernel (zygote._become_kernel)
    init: list[int] = []  # a pidfd of the sandbox's init, taken before anything of the student's ran

    _end_sandbox_on_signals(bwrap, init)
    seal = None
    try:
        readable, _, _ = select.select([ready_r], [], [], 60)
        if not readable or os.read(ready_r, 1) != b"r":
            raise OSError(errno.EIO, "bwrap did not start the sandbox")
        holder = _holder(bwrap.pid)
        init[:] = [_pidfd_of_init(holder)]
        init.append(_guard_pid_namespace(init[0]))

        def alive() -> bool:  # still bwrap's, still the placeholder
            try:
                with open(f"/proc/{holder}/cmdline", "rb") as fh:
                    return bwrap.poll() is None and HOLDER.encode() in fh.read()
            except OSError:
                return False

        namespaces = zygote.sandbox_namespaces(holder, alive)
        request = {"cwd": cwd, "env": kernel_env(runtime, limits),
                   "argv0": importlib.util.find_spec("ipykernel_launcher" if connection_file else "probes.observer").origin,
                   "args": ["-f", connection_file, *KERNEL_ARGS] if connection_file else [],
                   "program": "kernel" if connection_file else "observer", "cgroups": sorted(set(groups.values())),
                   "host_uid": host_ids()[0] if os.geteuid() == 0 else None, "sandbox_uid": SANDBOX_UID,
                   "sandbox_gid": SANDBOX_UID,
                   # bwrap has no option for a tmpfs's inode count (each inode is kernel memory that no rlimit
                   # counts, and no cgroup where the grader is an ordinary user): set as the template joins
                   "tmpfs_inodes": {path: int(limits["tmp_inodes"]) for path in ("/tmp", "/dev/shm", cwd)},
                   "rlimits": {name: resource.getrlimit(getattr(resource, name)) for name in zygote.RLIMITS}}
        try:
            stdio = [0, 1 if request["program"] == "observer" else out_w, out_w]  # an observer's stdout is its channel
            pid = zygote.request_kernel(template, request, stdio, theirs.fileno(), namespaces)
            if runtime:  # kept to seal the runtime folder once the kernel's sockets are there (_seal_runtime)
                seal = (os.dup(namespaces["user"]), os.dup(namespaces["mnt"]))
        finally:
            for fd in namespaces.values():
                os.close(fd)
            theirs.close()
            os.close(out_w)
            out_w = None
        kernel = os.pidfd_open(pid)
        # the kernel says when it is sandboxed; if it ends first, the kernel is started in bwrap instead
        readable, _, _ = select.select([ours, kernel], [], [], 60)
        if ours not in readable or ours.recv(1) != b"k":
            raise OSError(errno.EIO, "the kernel forked from the template ended before it was sandboxed")
        ours.sendall(b"g")
    except BaseException:
        _end_sandbox(bwrap, init)
        if out_w is not None:
            os.close(out_w)
        while select.select([out_r], [], [], 0)[0] and forward.pump():  # what bwrap said, labelled
            pass
        forward.flush()
        os.close(out_r)
        raise
    finally:
        os.close(ready_r)
        ours.close()
    watched = [kernel, out_r]
    sockets = _kernel_sockets(connection_file) if seal else []
    try:
        while True:
            readable, _, _ = select.select(watched, [], [], 0.02 if seal else 1.0)
            if out_r in readable and not forward.pump():
                watched.remove(out_r)
                os.close(out_r)  # closed, or read past its limits: the kernel's writes fail from now on
                out_r = -1
            if kernel in readable or bwrap.poll() is not None:
                break
            if seal and all(os.path.exists(path) for path in sockets):
                mark_sealed(connection_file, "sealed" if _seal_runtime(runtime, *seal) else "unsealed")
                seal = None
    finally:
        for fd in seal or ():
            os.close(fd)
        _end_sandbox(bwrap, init)
        deadline = time.monotonic() + 0.5  # what the kernel wrote last (a process it left may write on)
        while out_r in watched and time.monotonic() < deadline and select.select([out_r], [], [], 0.1)[0]:
            if not forward.pump():
                break
        forward.flush()
        if out_r >= 0:
            os.close(out_r)
    return 0


def seal_marker(connection_file: str) -> str:
    """Where a kernel's launcher says whether its runtime folder is sealed: beside that folder, in the grader's
    private one, out of the sandbox's sight."""
    return os.path.join(os.path.dirname(_runtime_of(connection_file)),
                        f"sealed-{os.path.basename(connection_file)}")


def mark_sealed(connection_file: str, state: str | None) -> None:
    """Write `state` ("sealed", "unsealed") to the kernel's seal marker; None removes it."""
    try:
        path = seal_marker(connection_file)
        if state is None:
            os.unlink(path)
        else:
            with open(path + ".new", "w") as fh:
                fh.write(state)
            os.replace(path + ".new", path)
    except (OSError, SystemExit, ValueError):
        pass


def wait_sealed(connection_file: str, timeout: float = 60.0) -> str | None:
    """Until the kernel's launcher said whether its runtime folder is sealed ("sealed", "unsealed"), or None
    after `timeout`. The grader runs no cell before: the seal is done by a process that polls for the kernel's
    sockets, which a loaded machine may schedule after the first cell's request (round 14's check saw it)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with open(seal_marker(connection_file)) as fh:
                return fh.read().strip()
        except OSError:
            pass
        except (SystemExit, ValueError):
            return None
        if time.monotonic() > deadline:
            return None
        time.sleep(0.01)


def _kernel_sockets(connection_file: str) -> list[str]:
    """The paths of the IPC sockets the kernel makes (jupyter_client names them ip-port)."""
    with open(connection_file) as fh:
        info = json.load(fh)
    return [f"{info['ip']}-{info[key]}" for key in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")]


def _seal_runtime(runtime: str, user_ns: int, mnt_ns: int) -> bool:
    """Make the runtime folder read-only inside the sandbox once the kernel has made its sockets there
    (before any cell runs: the grader runs the first one later): the kernel keeps its sockets (the
    grader connects from outside, where the folder stays writable) but can write no file into this
    folder of the grader's, whoever runs the grader (as root it is also a 4 MiB tmpfs). Done in a child
    that joins the sandbox's user and mount namespaces, whose owner this process's user is."""
    import ctypes

    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            clone_newuser, clone_newns = 0x10000000, 0x00020000
            ms_rdonly, ms_nosuid, ms_nodev, ms_remount, ms_bind = 1, 2, 4, 32, 4096
            import fcntl

            try:  # the user namespace that owns the mount namespace (bwrap may nest a second one inside it)
                user_ns = fcntl.ioctl(mnt_ns, 0xB701)  # NS_GET_USERNS
            except OSError:
                pass
            if libc.setns(user_ns, clone_newuser) != 0:
                code = 2
            elif libc.setns(mnt_ns, clone_newns) != 0:
                code = 3
            else:
                flags = ms_remount | ms_bind | ms_rdonly
                for extra in (ms_nosuid | ms_nodev, ms_nosuid | ms_nodev | 8, 0):  # 8: MS_NOEXEC
                    if libc.mount(None, os.fsencode(runtime), None, flags | extra, None) == 0:
                        code = 0
                        break
                    code = 100 + ctypes.get_errno()
        finally:
            os._exit(code)
    os.close(user_ns)
    os.close(mnt_ns)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        print(f"sandbox: the kernel's runtime folder could not be made read-only inside its sandbox ({status >> 8})",
              file=sys.stderr)
    return status == 0


#: What a sandbox writes on its own stdout and stderr (not the notebook's outputs: those go to the grader
#: over the kernel's channels) reaches the grader's log with this label on every line, and only its first
#: KERNEL_LOG_BYTES: a student's code can write there, so the grader never takes a labelled line for its
#: own (a submission's failure reason, grader.grade) and never stores more than that.
KERNEL_LOG_LABEL = "sandbox output: "
KERNEL_LOG_BYTES = 64_000


class _Forward:
    """Copy what arrives on a pipe to this process's stderr: each line labelled, the first KERNEL_LOG_BYTES.

    What is read is capped as well as what is kept (round 23: a kernel writing to its own stdout for the whole of
    its time limit kept this process, outside the sandbox, reading and dropping 128 CPU-s of it): past READ_BYTES
    or READS, pump says the pipe is done and the caller closes it, so the kernel's later writes fail (EPIPE) at
    once, at the kernel's own cost. An honest kernel writes next to nothing there (ipykernel sends its output,
    file descriptors 1 and 2 included, as messages): a few kilobytes as it starts and ends."""

    # measured (this reader, a writer at full speed, 2-core machine): 64 MB in 64 KiB writes, 1,001 reads, 0.03 CPU-s;
    # 200,000 reads of 2-byte or 1-byte writes, 0.12-0.39 CPU-s
    READ_BYTES = 1024 * KERNEL_LOG_BYTES  # 64 MB
    READS = 200_000  # however small the writes (an observer's ranks log to this pipe too)

    def __init__(self, fd: int):
        self.fd, self.left, self.partial = fd, KERNEL_LOG_BYTES, b""
        self.read_bytes = self.reads = 0

    def pump(self) -> bool:
        """Read what is there (the pipe is readable); False once it has closed or been read past its limits."""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            chunk = b""
        self.reads += 1
        self.read_bytes += len(chunk)
        if not chunk or self.reads > self.READS or self.read_bytes > self.READ_BYTES:
            if chunk and self.left > 0:
                self.write(b"(the kernel's output stops here: it wrote more than this process reads)")
            self.flush()
            return False
        if self.left > 0:
            lines = (self.partial + chunk).split(b"\n")
            self.partial = lines.pop()[:4096]
            for line in lines:
                self.write(line)
        return True

    #: What str.splitlines, which reads the log, takes for the end of a line besides "\n": written escaped, so
    #: that no part of what the kernel wrote becomes a line without the label (round 14: "x\rForgedError: ...").
    SEPARATORS = (b"\r", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", "\x85".encode(), "\u2028".encode(),
                  "\u2029".encode())

    def write(self, line: bytes) -> None:
        if self.left <= 0:
            return
        for separator in self.SEPARATORS:
            line = line.replace(separator, repr(separator.decode())[1:-1].encode())
        text = KERNEL_LOG_LABEL.encode() + line[:max(0, self.left)] + b"\n"
        self.left -= len(text)
        if self.left <= 0:
            text += (KERNEL_LOG_LABEL + f"(the rest is not kept: more than {KERNEL_LOG_BYTES:,} bytes)\n").encode()
        try:
            os.write(2, text)
        except OSError:
            pass

    def flush(self) -> None:
        if self.partial:
            self.write(self.partial)
            self.partial = b""


def forward_output() -> int:
    """A pipe for a sandbox's stdout and stderr, drained by a process of its own into this one's stderr
    (`_Forward`); the pipe's writing end, to hand to the sandbox."""
    read, write = os.pipe()
    if os.fork() == 0:
        code = 0
        try:
            os.close(write)
            os.closerange(3, read)
            os.closerange(read + 1, 1 << 16)
            forward = _Forward(read)
            while forward.pump():
                pass
        except BaseException:  # noqa: BLE001
            code = 1
        finally:
            os._exit(code)
    os.close(read)
    return write


def kernel_path() -> str:
    """The kernel's PATH: the Python installation's folder and the system's, never the grader's own (which names
    the TA's home and what is installed there)."""
    return os.pathsep.join(dict.fromkeys([os.path.dirname(sys.executable), "/usr/local/bin", "/usr/bin", "/bin"]))


def bwrap_env() -> dict:
    """The environment bwrap itself runs with. Its init (pid 1 of the sandbox) keeps it, readable in
    /proc/1/environ by everything in the sandbox, so it holds nothing the kernel's own environment does not:
    the kernel's PATH (bwrap is started by its full path) and the locale."""
    return {"PATH": kernel_path(), **{k: os.environ[k] for k in ("LANG",) if k in os.environ}}


if __name__ == "__main__":
    main(sys.argv[1:])
