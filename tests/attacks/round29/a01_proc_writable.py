"""a01: what in /proc (and /sys) a process of the sandbox's user can open for writing, and which processes it sees,
from three places: the kernel (top-level cell, printed), a check's child (split_model raises the scan), a rank
(two_stage_step's rank 0 raises the scan). Then it writes the dangerous ones on OTHER processes (oom_score_adj 1000,
autogroup 19, comm, timerslack_ns, sched, clear_refs, coredump_filter, attr/current, loginuid, make-it-fail, fail-nth)
and says what took. Canaries searched in every readable environ/cmdline."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

SCAN = r'''
def _scan(where):
    import os, re
    me = os.getpid()
    info = [f"{where}: pid {me} ppid {os.getppid()} sid {os.getsid(0)} pgid {os.getpgrp()} uid {os.getuid()}"]
    procs = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                st = os.stat(f"/proc/{p}")
                comm = open(f"/proc/{p}/comm").read().strip()
                procs[int(p)] = (st.st_uid, comm)
            except OSError:
                pass
    info.append("procs " + " ".join(f"{p}:{u}:{c}" for p, (u, c) in sorted(procs.items())))
    canary = []
    for p in procs:
        for f in ("environ", "cmdline"):
            try:
                b = open(f"/proc/{p}/{f}", "rb").read()
                if b"AKIASECRET" in b or b"secret@" in b or b"DATABASE_URL" in b:
                    canary.append(f"{p}/{f}")
            except OSError:
                pass
    info.append("CANARY " + (",".join(canary) or "none"))
    writable = set()
    def walk(top, depth):
        try:
            names = os.listdir(top)
        except OSError:
            return
        for n in names:
            path = top + "/" + n
            try:
                st = os.lstat(path)
            except OSError:
                continue
            import stat as S
            if S.S_ISLNK(st.st_mode):
                continue
            if S.S_ISDIR(st.st_mode):
                if depth < 3 and n not in ("fd", "fdinfo", "map_files", "ns", "net", "self", "thread-self", "task"):
                    walk(path, depth + 1)
                continue
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
                os.close(fd)
                writable.add(path)
            except OSError:
                pass
    walk("/proc", 0)
    walk("/sys", 0)
    def label(path):
        m = re.match(r"/proc/(\d+)(/.*)", path)
        if not m:
            return path
        p = int(m.group(1))
        who = "S" if p == me else ("P" if p == os.getppid() else f"O{p}")
        return f"{who}{m.group(2)}"
    lab = sorted(label(p) for p in writable)
    notself = [l for l in lab if not l.startswith("S/")]
    selfs = sorted({l[1:] for l in lab if l.startswith("S/")})
    info.append("W-self " + ",".join(selfs))
    info.append("W-other " + ",".join(notself))
    # writes on other processes
    tried = []
    for p in procs:
        if p == me:
            continue
        for f, v in (("oom_score_adj", "1000"), ("autogroup", "19"), ("comm", "x"), ("timerslack_ns", "100000000"),
                     ("sched", "0"), ("clear_refs", "1"), ("coredump_filter", "0x7f"), ("attr/current", "x"),
                     ("loginuid", "1"), ("make-it-fail", "1"), ("fail-nth", "1")):
            try:
                with open(f"/proc/{p}/{f}", "w") as fh:
                    fh.write(v)
                tried.append(f"{p}/{f}=OK")
            except OSError as e:
                pass
    info.append("WROTE " + (",".join(tried) or "nothing"))
    return "\n".join(info)
'''
sol = solutions()
kernel_code = SCAN + "\nprint('SCANK', _scan('kernel'))\n" + sol["split_model"]
child_code = SCAN + sol["split_model"].replace("def split_model(", "def _real_split_model(", 1) + \
    "\n\ndef split_model(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        raise RuntimeError('SCANC ' + _scan('child'))\n    return _real_split_model(*a, **k)\n"
rank_code = SCAN + sol["two_stage_step"].replace("def two_stage_step(", "def _real_tss(", 1) + \
    "\n\ndef two_stage_step(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE and dist.get_rank() == 0:\n        raise RuntimeError('SCANR ' + _scan('rank'))\n    return _real_tss(*a, **k)\n"
root, p = course("a01", "ps1_memory", {"mallory": {"split_model": kernel_code + "\n" if False else child_code},
                                       "mallory2": {"split_model": kernel_code, "two_stage_step": rank_code}})
print("scores:", scores(root))
print("report:", [(r.get("student"), r.get("status")) for r in report(root)] if isinstance(report(root), list) else report(root))
for s in ("mallory", "mallory2"):
    for tag in ("SCANK", "SCANC", "SCANR"):
        for i, t in outputs(root, s, grep=tag):
            print(f"--- {s} cell {i} {tag}\n{t[:6000]}")
