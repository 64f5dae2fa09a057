"""a07: queued real-time signals (RLIMIT_SIGPENDING) are counted per host user, and the sandbox gets the whole
allowance (96,364 here, the grader user's own): a kernel that queues them to one of its own threads (signal blocked)
leaves no POSIX timer and no sigqueue to ANY other process of that user (the grader, a class step, and, as uid
65534 is also a root grader's sandbox user, every sandbox of a root run) until it ends. a06 shows a kernel taking all
96,364 (SigQ 96364/96364); this script shows the effect from outside, without the grader:
  U="setpriv --reuid=65534 --regid=65534 --clear-groups <user clone>/.venv/bin/python a07_sigpending_per_user.py"
  $U other; ($U hold 6 &); sleep 3; $U other   -> timer_create and sigqueue: EAGAIN while the holder lives
Output in a07.out.txt. Minor (nothing of the grader uses RT signals or POSIX timers today): one more per-user counter."""
import ctypes, os, signal, sys, threading, time
libc = ctypes.CDLL(None, use_errno=True); libc.syscall.restype = ctypes.c_long
class siginfo(ctypes.Structure):
    _fields_ = [("signo", ctypes.c_int), ("errno", ctypes.c_int), ("code", ctypes.c_int), ("pad", ctypes.c_byte * 116)]
if sys.argv[1] == "hold":
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN]); si = siginfo(signal.SIGRTMIN, 0, -1); n = 0
    while libc.syscall(297, os.getpid(), threading.get_native_id(), int(signal.SIGRTMIN), ctypes.byref(si)) >= 0: n += 1
    print("holder queued", n, flush=True); time.sleep(float(sys.argv[2]))
else:
    rt = ctypes.CDLL("librt.so.1", use_errno=True)
    tid = ctypes.c_void_p()
    class sigevent(ctypes.Structure):
        _fields_ = [("value", ctypes.c_void_p), ("signo", ctypes.c_int), ("notify", ctypes.c_int), ("pad", ctypes.c_byte * 48)]
    ev = sigevent(None, int(signal.SIGUSR1), 0)  # SIGEV_SIGNAL
    r = rt.timer_create(1, ctypes.byref(ev), ctypes.byref(tid))
    print("other process of the same user: timer_create ->", r, os.strerror(ctypes.get_errno()) if r else "ok")
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN]); si = siginfo(signal.SIGRTMIN, 0, -1)
    r = libc.syscall(297, os.getpid(), threading.get_native_id(), int(signal.SIGRTMIN), ctypes.byref(si))
    print("other process of the same user: sigqueue ->", r, os.strerror(ctypes.get_errno()) if r < 0 else "ok")
