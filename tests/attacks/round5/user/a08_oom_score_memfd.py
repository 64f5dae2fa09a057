"""a08 (ORDINARY USER): who the host's OOM killer would pick while a kernel holds 8 GiB of memfd (a01's hog).

memfd pages that are not mapped are in no process's RSS, so the kernel holding them has a LOW oom_score; the
grader's own processes (forkserver children, zygote template, ~300-400 MB RSS each) score higher. A watcher
OUTSIDE the sandbox samples /proc/<pid>/oom_score and RSS of every uid-65534 process of this clone while the cell
holds the memory (25 s), and prints the ranking at the moment MemAvailable was lowest.
"""
from u import *
from a01_recon_memfd import HOG
import threading

nb = notebook(append={"training_memory": HOG + "print('KERNEL HOG', _hog(7, 1, 25))\n"})


def watch(stop, best):
    while not stop:
        avail = int([l for l in open("/proc/meminfo") if l.startswith("MemAvailable")][0].split()[1]) >> 10
        if not best or avail < best[0]:
            rows = []
            for pid in os.listdir("/proc"):
                try:
                    st = open(f"/proc/{pid}/status").read()
                    if "\nUid:\t65534" not in st:
                        continue
                    cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")
                    if os.environ.get("ATTACK_USER_CLONE", "\0") not in cmd:
                        continue
                    rss = int(st.split("VmRSS:")[1].split()[0]) >> 10
                    score = int(open(f"/proc/{pid}/oom_score").read())
                    name = st.split("Name:")[1].split()[0]
                    rows.append((score, rss, pid, name, cmd[:70]))
                except (OSError, IndexError, ValueError):
                    pass
            best[:] = [avail, sorted(rows, reverse=True)]
        time.sleep(0.5)


if __name__ == "__main__":
    stop, best = [], []
    th = threading.Thread(target=watch, args=(stop, best)); th.start()
    dest, p = ugrade("08", {"hog": nb})
    stop.append(1); th.join()
    print(f"lowest MemAvailable {best[0]} MiB; uid-65534 processes of this grader by oom_score:")
    for score, rss, pid, name, cmd in best[1][:12]:
        print(f"  oom_score {score:5d} rss {rss:6d} MiB pid {pid} {name:12s} {cmd}")
    outputs(dest, "hog")

# RESULT (ORDINARY USER): while the kernel held 8 GiB (7 GiB memfd + 1 GiB shared anonymous, touched) host
# MemAvailable fell 19 -> 10.8 GiB, and the OOM ranking of this grader's processes (all have oom_score_adj 666 here):
#   oom_score 702 rss 1279 MiB  the kernel (its RSS is only the 1 GiB mapping + 0.3 GB; the 7 GiB memfd counts nowhere)
#   oom_score 676 rss  358 MiB  the grading child (grader.forkserver)
#   oom_score 674 rss  307 MiB  the kernel template
# With memfd alone (no mapping) the kernel would rank with the grader's own processes, below any host process of
# more RSS: memory a sandbox holds this way is not what the OOM killer reclaims first.
