"""A06: the stop-signal and scheduling filters from a *rank* of the observer (a process in the observer's own session
and process group, unlike a check's child): every stop signal by kill (pid, group 0, -1, -observer), tkill, tgkill,
rt_sigqueueinfo, rt_tgsigqueueinfo, pidfd_send_signal (pidfd from clone(CLONE_PIDFD) of a child and from a
/proc/<observer> directory fd), junk in the high bits; setpriority/ioprio_set on the process group (which includes
the observer), sched_setscheduler/sched_setattr/prlimit64 on the observer; clone with exit signals 19-22 and with
CLONE_PARENT; then it reads the observer's state, nice and policy from /proc/<ppid>/stat. Results in the raised
message (mallory loses the two_stage_step cell)."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *

BAT = r'''
import ctypes as _ct, os as _o, errno as _e
def _r(v):
    return "ok" if v >= 0 else _e.errorcode.get(_ct.get_errno(), str(_ct.get_errno()))
def _battery():
    _sc = _ct.CDLL(None, use_errno=True).syscall; _sc.restype = _ct.c_long
    obs = _o.getppid(); me = _o.getpid(); pg = _o.getpgid(0)
    out = [f"me={me} obs={obs} pgid={pg} sid={_o.getsid(0)} obs_sid={_o.getsid(obs)}"]
    for sig in (19, 20, 21, 22, 19 | (1 << 32), 19 | (1 << 63)):
        res = []
        for name, args in (("kill", (62, obs, sig)), ("killpg0", (62, 0, sig)), ("kill-obs-pg", (62, -obs, sig)),
                           ("tkill", (200, obs, sig)), ("tgkill", (234, obs, obs, sig)),
                           ("rt_sigqueueinfo", (129, obs, sig, _ct.byref((_ct.c_int * 32)(sig, 0, -1)))),
                           ("rt_tgsigqueueinfo", (297, obs, obs, sig, _ct.byref((_ct.c_int * 32)(sig, 0, -1))))):
            if name == "killpg0" and sig != 20: continue
            res.append(f"{name}:{_r(_sc(*[_ct.c_long(a) if isinstance(a, int) else a for a in args]))}")
        try:
            dfd = _o.open(f"/proc/{obs}", _o.O_RDONLY | _o.O_DIRECTORY)
            res.append(f"pidfd_send_signal(/proc dir):{_r(_sc(_ct.c_long(424), _ct.c_long(dfd), _ct.c_long(sig), None, _ct.c_long(0)))}")
            _o.close(dfd)
        except OSError as ex:
            res.append(f"procdir:{ex.errno}")
        out.append(f"sig {sig:#x}: " + " ".join(res))
    out.append("setpriority(PGRP,0,19):" + _r(_sc(_ct.c_long(141), _ct.c_long(1), _ct.c_long(0), _ct.c_long(19))))
    out.append("setpriority(PROCESS,obs,19):" + _r(_sc(_ct.c_long(141), _ct.c_long(0), _ct.c_long(obs), _ct.c_long(19))))
    out.append("setpriority(USER,65534,19):" + _r(_sc(_ct.c_long(141), _ct.c_long(2), _ct.c_long(65534), _ct.c_long(19))))
    out.append("ioprio_set(PGRP,0,idle):" + _r(_sc(_ct.c_long(251), _ct.c_long(2), _ct.c_long(0), _ct.c_long(3 << 13))))
    param = (_ct.c_int * 1)(0)
    out.append("sched_setscheduler(obs,IDLE):" + _r(_sc(_ct.c_long(144), _ct.c_long(obs), _ct.c_long(5), param)))
    out.append("sched_setscheduler(obs|1<<32,IDLE):" + _r(_sc(_ct.c_long(144), _ct.c_long(obs | (1 << 32)), _ct.c_long(5), param)))
    lim = (_ct.c_ulong * 2)(1, 1)
    out.append("prlimit64(obs,CPU,1):" + _r(_sc(_ct.c_long(302), _ct.c_long(obs), _ct.c_long(0), lim, None)))
    for sig in (19, 20, 0x100 | 19):
        pid = _sc(_ct.c_long(56), _ct.c_long(sig), None, None, None, None)
        if pid == 0: _o._exit(0)
        out.append(f"clone({sig:#x}):" + (_r(pid)))
    pid = _sc(_ct.c_long(56), _ct.c_long(0x8000 | 17), None, None, None, None)  # CLONE_PARENT|SIGCHLD
    if pid == 0: _o._exit(0)
    out.append("clone(PARENT|SIGCHLD):" + _r(pid))
    st = open(f"/proc/{obs}/stat").read().rsplit(")", 1)[1].split()
    out.append(f"observer state={st[0]} nice={st[16]} policy={st[38]}")
    try: out.append("obs autogroup: " + open(f"/proc/{obs}/autogroup").read().strip())
    except OSError as ex: out.append(f"obs autogroup: errno {ex.errno}")
    return " | ".join(out)
_orig_two_stage_step = two_stage_step
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    if _o.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") == "1" and __import__("torch.distributed").distributed.get_rank() == 0:
        raise RuntimeError("BATTERY " + _battery())
    return _orig_two_stage_step(stage, batch, target, loss_fn, activation_shape)
'''
root = build("a06", {"mallory": {"two_stage_step": solution("two_stage_step") + "\n" + BAT}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
nb = json.load(open(f"{root}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        s = json.dumps(o)
        if "BATTERY" in s:
            print(o.get("evalue", s)[:4000])
