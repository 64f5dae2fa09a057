
import ctypes, os, signal, sys, time
libc = ctypes.CDLL(None, use_errno=True)
class SV(ctypes.Union): _fields_ = [("i", ctypes.c_int), ("p", ctypes.c_void_p)]
libc.sigqueue.argtypes = [ctypes.c_int, ctypes.c_int, SV]
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN + 1])
end = time.time() + float(sys.argv[1]); log = open(sys.argv[2], "a", buffering=1)
while time.time() < end:
    rc = libc.sigqueue(os.getpid(), signal.SIGRTMIN + 1, SV(0)); e = ctypes.get_errno()
    signal.sigtimedwait([signal.SIGRTMIN + 1], 0)
    log.write(f"{time.time():.1f} sigqueue rc={rc} errno={e if rc else 0}\n"); time.sleep(0.5)
