"""a02: every route I could think of for one process to stop / reschedule / re-limit ANOTHER process, run under the
grader's real seccomp program (grader.sandbox.seccomp_program()), installed with no_new_privs in a forked
process here (uid 65534 after the filter, like a sandbox process). Target: a sibling sleeping process of the same
uid. After each attempt we read the target's state / nice / policy / limits from /proc (outside the filter)."""
import ctypes, os, signal, struct, sys, time
CLONE = __import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))
sys.path.insert(0, CLONE)
from grader import sandbox

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
NR = dict(kill=62, tkill=200, tgkill=234, rt_sigqueueinfo=129, rt_tgsigqueueinfo=297, pidfd_send_signal=424,
          setpriority=141, sched_setparam=142, sched_setscheduler=144, sched_setattr=314, ioprio_set=251,
          prlimit64=302, timer_create=222, timer_settime=223, fcntl=72, clone=56, prctl=157,
          sched_setaffinity=203, rt_sigaction=13, waitid=247)
prog = sandbox.seccomp_program(gpu=False)


def install():
    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
    buf = ctypes.create_string_buffer(prog)
    fp = SockFprog(len(prog) // 8, ctypes.cast(buf, ctypes.c_void_p))
    assert libc.prctl(38, 1, 0, 0, 0) == 0  # NO_NEW_PRIVS
    r = libc.prctl(22, 2, ctypes.byref(fp), 0, 0)  # PR_SET_SECCOMP, FILTER
    assert r == 0, ctypes.get_errno()


def state(pid):
    try:
        f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return f[0], int(f[16]), int(f[38]) if len(f) > 38 else None  # state, nice, policy
    except OSError:
        return ("X", None, None)


def sc(name, *args):
    ctypes.set_errno(0)
    r = libc.syscall(NR[name], *[ctypes.c_long(a) for a in args])
    return r, ctypes.get_errno()


def attempts(t):
    si = ctypes.create_string_buffer(128)
    struct.pack_into("iii", si, 0, 19, 0, -1)  # si_signo, si_errno, si_code=SI_QUEUE
    big = 1 << 32
    yield "kill 19", lambda: sc("kill", t, 19)
    yield "kill 19|1<<32", lambda: sc("kill", t, 19 | big)
    yield "kill 19|1<<63 (neg long)", lambda: sc("kill", t, 19 - (1 << 63) if False else 19 | (1 << 62))
    yield "kill -pgid 20", lambda: sc("kill", -os.getpgid(t), 20)
    yield "kill -1 21", lambda: sc("kill", -1, 21)
    yield "tkill 22", lambda: sc("tkill", t, 22)
    yield "tgkill 19", lambda: sc("tgkill", t, t, 19)
    yield "tgkill 19|1<<32", lambda: sc("tgkill", t, t, 19 | big)
    yield "rt_sigqueueinfo 19", lambda: sc("rt_sigqueueinfo", t, 19, ctypes.addressof(si))
    yield "rt_tgsigqueueinfo 19", lambda: sc("rt_tgsigqueueinfo", t, t, 19, ctypes.addressof(si))
    fd = os.open(f"/proc/{t}", os.O_RDONLY | os.O_DIRECTORY)
    yield "pidfd_send_signal(/proc fd) 19", lambda: sc("pidfd_send_signal", fd, 19, 0, 0)
    yield "pidfd_send_signal(/proc fd) 19|1<<32", lambda: sc("pidfd_send_signal", fd, 19 | big, 0, 0)
    # F_SETOWN + O_ASYNC + F_SETSIG with high bits in the command
    r, w = os.pipe()
    yield "fcntl F_SETOWN(t)", lambda: sc("fcntl", r, 8, t)
    yield "fcntl F_SETSIG 19", lambda: sc("fcntl", r, 10, 19)
    yield "fcntl F_SETSIG|1<<32 19", lambda: sc("fcntl", r, 10 | big, 19)
    # scheduling of another
    yield "setpriority(PRIO_PROCESS,t,19)", lambda: sc("setpriority", 0, t, 19)
    yield "setpriority(PRIO_PROCESS, t|1<<32,19)", lambda: sc("setpriority", 0, t | big, 19)
    yield "setpriority(PRIO_PROCESS|1<<32, t, 19)", lambda: sc("setpriority", big, t, 19)
    yield "setpriority(PRIO_PGRP,pgid,19)", lambda: sc("setpriority", 1, os.getpgid(t), 19)
    yield "setpriority(PRIO_USER,0,19)", lambda: sc("setpriority", 2, 0, 19)
    sp = ctypes.c_int(0)
    yield "sched_setscheduler(t,IDLE)", lambda: sc("sched_setscheduler", t, 5, ctypes.addressof(sp))
    yield "sched_setscheduler(t|1<<32,IDLE)", lambda: sc("sched_setscheduler", t | big, 5, ctypes.addressof(sp))
    attr = ctypes.create_string_buffer(56)
    struct.pack_into("IIQiI", attr, 0, 56, 5, 0, 19, 0)
    yield "sched_setattr(t, IDLE nice19)", lambda: sc("sched_setattr", t, ctypes.addressof(attr), 0)
    yield "ioprio_set(WHO_PROCESS,t,IDLE)", lambda: sc("ioprio_set", 1, t, (3 << 13))
    yield "ioprio_set(WHO_PROCESS,t|1<<32,IDLE)", lambda: sc("ioprio_set", 1, t | big, (3 << 13))
    yield "ioprio_set(WHO_PGRP,0,IDLE)", lambda: sc("ioprio_set", 2, 0, (3 << 13))
    lim = ctypes.create_string_buffer(struct.pack("QQ", 1, 1))
    yield "prlimit64(t, NOFILE, 1)", lambda: sc("prlimit64", t, 7, ctypes.addressof(lim), 0)
    yield "prlimit64(t|1<<32, NOFILE, 1)", lambda: sc("prlimit64", t | big, 7, ctypes.addressof(lim), 0)
    mask = ctypes.c_ulong(1)
    yield "sched_setaffinity(t, cpu0)", lambda: sc("sched_setaffinity", t, 8, ctypes.addressof(mask))
    # /proc/<t>/autogroup nice (per session)
    def autogroup():
        try:
            with open(f"/proc/{t}/autogroup", "w") as fh:
                fh.write("19")
            return 0, 0
        except OSError as e:
            return -1, e.errno
    yield "write /proc/t/autogroup 19", autogroup
    def own_autogroup():
        try:
            with open("/proc/self/autogroup", "w") as fh:
                fh.write("19")
            return 0, open(f"/proc/{t}/autogroup").read().strip()
        except OSError as e:
            return -1, e.errno
    yield "write /proc/self/autogroup 19 (same session as t)", own_autogroup
    # a timer that sends SIGSTOP: to self (allowed?) and to t by SIGEV_THREAD_ID
    sev = ctypes.create_string_buffer(64)
    tid = ctypes.c_int(0)
    struct.pack_into("QiiI", sev, 0, 0, 19, 4, t)  # value, signo, notify=SIGEV_THREAD_ID, tid
    yield "timer_create(SIGEV_THREAD_ID t, SIGSTOP)", lambda: sc("timer_create", 1, ctypes.addressof(sev), ctypes.addressof(tid))
    yield "fcntl F_SETFL O_ASYNC + write (SIGIO: kills t, as kill may)", lambda: (sc("fcntl", r, 4, os.O_ASYNC), os.write(w, b"x"))[0]


def main():
    os.setsid()
    target = os.fork()
    if target == 0:
        os.setuid(65534) if os.getuid() == 0 else None
        time.sleep(120)
        os._exit(0)
    time.sleep(0.2)
    out_r, out_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(out_r)
        if os.getuid() == 0:
            os.setgid(65534); os.setuid(65534)
        libc.prctl(4, 1, 0, 0, 0)  # dumpable again after setuid, as a sandbox process is
        install()
        lines = []
        for name, fn in attempts(target):
            try:
                r, e = fn()
            except Exception as exc:
                r, e = "exc", repr(exc)
            time.sleep(0.05)
            st = state(target)
            lines.append(f"{name:48s} -> ret={r} errno/val={e}  target={st}")
            if st[0] == "T":
                os.kill(target, signal.SIGCONT) if False else None
        os.write(out_w, "\n".join(lines).encode())
        os._exit(0)
    os.close(out_w)
    data = b""
    while True:
        c = os.read(out_r, 65536)
        if not c:
            break
        data += c
    os.waitpid(pid, 0)
    print(data.decode())
    print("final target state:", state(target), "nice/policy", os.getpriority(os.PRIO_PROCESS, target),
          os.sched_getscheduler(target))
    os.kill(target, signal.SIGKILL)
    os.waitpid(target, 0)


main()
