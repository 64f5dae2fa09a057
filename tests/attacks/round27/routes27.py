"""Source text of the stop-signal routes tried from inside a sandbox (kernel and check's child); pasted into answers."""
ROUTES = r'''
import ctypes, os, socket, fcntl, time, subprocess
_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long
HI = (1 << 32)
def _sys(nr, *a):
    ctypes.set_errno(0)
    r = _libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(x) for x in a])
    return r, ctypes.get_errno()
def _siginfo(sig):
    buf = (ctypes.c_int * 32)()
    buf[0] = sig; buf[1] = 0; buf[2] = -1  # si_signo, si_errno, si_code=SI_QUEUE
    buf[4] = os.getpid(); buf[5] = os.getuid()
    return buf
def r_kill(pid, sig): return _sys(62, pid, sig)
def r_kill_hi(pid, sig): return _sys(62, pid, HI | sig)
def r_kill_hi2(pid, sig): return _sys(62, pid, (0xFFFFFFFF << 32) | sig)
def r_tkill_hi(pid, sig): return _sys(200, pid, HI | sig)
def r_tgkill_hi(pid, sig): return _sys(234, pid, pid, HI | sig)
def r_rtsigqueue_hi(pid, sig):
    b = _siginfo(sig)
    ctypes.set_errno(0)
    r = _libc.syscall(ctypes.c_long(129), ctypes.c_long(pid), ctypes.c_long(HI | sig), b)
    return r, ctypes.get_errno()
def r_rttgsigqueue_hi(pid, sig):
    b = _siginfo(sig)
    ctypes.set_errno(0)
    r = _libc.syscall(ctypes.c_long(297), ctypes.c_long(pid), ctypes.c_long(pid), ctypes.c_long(HI | sig), b)
    return r, ctypes.get_errno()
_keep = []
def _setsig(pid, sigarg):
    a, b = socket.socketpair()
    _keep.append((a, b))
    r1 = _sys(72, a.fileno(), 8, pid)          # F_SETOWN
    r2 = _sys(72, a.fileno(), 10, sigarg)      # F_SETSIG
    fl = fcntl.fcntl(a.fileno(), fcntl.F_GETFL)
    r3 = _sys(72, a.fileno(), 4, fl | 0o20000)  # F_SETFL O_ASYNC
    b.send(b"x")
    return (r1, r2, r3), 0
def r_setsig_hi(pid, sig): return _setsig(pid, HI | sig)
def r_setsig_plain(pid, sig): return _setsig(pid, sig)
ALL = [r_kill, r_kill_hi, r_kill_hi2, r_tkill_hi, r_tgkill_hi, r_rtsigqueue_hi, r_rttgsigqueue_hi, r_setsig_plain, r_setsig_hi]
def state(pid):
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except Exception as e:
        return repr(e)
def survey(sig=19):
    out = {}
    for fn in ALL:
        p = subprocess.Popen(["sleep", "20"])
        time.sleep(0.05)
        try:
            r = fn(p.pid, sig)
        except Exception as e:
            r = repr(e)
        time.sleep(0.2)
        out[fn.__name__] = (r, state(p.pid))
        p.kill(); p.wait()
    return out
'''
