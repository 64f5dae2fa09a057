"""The local student's memory (uid 65534), in a memory cgroup that stands for the host's memory (the rules forbid
running the real host out): hold WAIT_ROOM below full until a sandbox (a process whose oom_score_adj is 1000) runs
there, then take everything (page cache included) but MARGIN, so that the next allocation of anyone makes the OOM
killer choose. The hog keeps oom_score_adj 0, as every ordinary process of a local account does."""
import mmap, os, sys, threading, time
group, wait_room, margin = sys.argv[1], int(float(sys.argv[2]) * 2**30), int(float(sys.argv[3]) * 2**20)
end = time.time() + float(sys.argv[4])
limit = int(open(f"{group}/memory.limit_in_bytes").read())
REL = "/" + os.path.relpath(group, "/sys/fs/cgroup/memory")
state = {"sandboxes": 0}
print(f"hog uid={os.getuid()} pid={os.getpid()} oom_score_adj={open('/proc/self/oom_score_adj').read().strip()} "
      f"limit={limit >> 20} MiB", flush=True)

def scan():
    while time.time() < end:
        found = 0
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                if open(f"/proc/{pid}/oom_score_adj").read().strip() != "1000":
                    continue
                if any(line.split(":", 2)[1] == "memory" and line.split(":", 2)[2].strip().startswith(REL)
                       for line in open(f"/proc/{pid}/cgroup")):
                    found += 1
            except (OSError, IndexError):
                pass
        state["sandboxes"] = found
        time.sleep(0.5)

threading.Thread(target=scan, daemon=True).start()
chunks, held, last = [], 0, 0
while time.time() < end:
    usage = int(open(f"{group}/memory.usage_in_bytes").read())
    cache = next(int(l.split()[1]) for l in open(f"{group}/memory.stat") if l.startswith("total_cache "))
    closing = state["sandboxes"] > 0
    want = (limit - usage > margin or cache > (96 << 20)) if closing else (usage < limit - wait_room)
    if want:
        step = 16 << 20 if closing else min(64 << 20, max(4096, limit - wait_room - usage))
        m = mmap.mmap(-1, step, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        for i in range(0, step, 4096):
            m[i] = 1
        chunks.append(m); held += step
    if time.time() - last > 2:
        last = time.time()
        oom = open(f"{group}/memory.oom_control").read().split()[-1]
        print(time.strftime("%H:%M:%S"), f"hog holds {held >> 20} MiB, group uses {usage >> 20} MiB (cache "
              f"{cache >> 20}), sandbox processes {state['sandboxes']}, OOM kills in the group {oom}", flush=True)
    if not want:
        time.sleep(0.02)
print("hog done, held", held >> 20, "MiB", flush=True)
