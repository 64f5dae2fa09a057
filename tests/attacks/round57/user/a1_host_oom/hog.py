"""Run as the student's own host account (uid 65000). Waits for a sandboxed grading kernel of the TA (uid 65534,
oom_score_adj 1000: the OOM killer's first choice) to be busy, then takes memory in 64 MiB steps until that kernel
is gone (killed by the OOM killer), keeps the memory a moment, lets it go, and does it again (KILLS times)."""
import os, sys, time, mmap

KILLS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
MAX = int(sys.argv[2]) * 2**20 if len(sys.argv) > 2 else 6 * 2**30

def doomed():
    """The TA's (uid 65534) processes in the experiment's cgroup (a57oom) that the OOM killer takes first: a
    sandboxed kernel forked from the kernel template (`grader.zygote` in its command line, oom_score_adj 1000)."""
    out = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            if os.stat(f"/proc/{p}").st_uid != 65534:
                continue
            if "a57oom" not in open(f"/proc/{p}/cgroup").read():
                continue
            adj = open(f"/proc/{p}/oom_score_adj").read().strip()
            cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ")
            st = open(f"/proc/{p}/stat").read().split()
        except OSError:
            continue
        if adj == "1000" and b"grader.zygote" in cmd:
            out.append((int(p), int(st[13]) + int(st[14]), cmd[:120]))
    return out

ONES = b'\x01' * (32 << 20)
BASE = int(sys.argv[3]) << 20 if len(sys.argv) > 3 else 0
base = []
while sum(len(m) for m in base) < BASE:  # held for the whole run: memory another account uses anyway
    m = mmap.mmap(-1, 32 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    m.write(ONES)
    base.append(m)
kills = 0
log = open("hog.log", "a", buffering=1)
while kills < KILLS:
    busy = [d for d in doomed() if d[1] > int(os.environ.get("MINCPU", "20"))]  # a kernel forked for its turn, running cells
    if not busy:
        time.sleep(0.05)
        continue
    target = max(busy, key=lambda d: d[1])
    log.write(f"{time.strftime('%T')} target pid {target[0]} cpu {target[1]} {target[2]!r}\n")
    held = []
    while os.path.exists(f"/proc/{target[0]}") and sum(len(m) for m in held) < MAX:
        m = mmap.mmap(-1, 32 << 20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        m.write(ONES)
        held.append(m)
    gone = not os.path.exists(f"/proc/{target[0]}")
    log.write(f"{time.strftime('%T')} held {sum(len(m) for m in held) >> 20} MiB; target gone: {gone}\n")
    if gone:
        kills += 1
    time.sleep(1.0)
    for m in held:
        m.close()
    held = []
    time.sleep(2.0)
log.write("done\n")
