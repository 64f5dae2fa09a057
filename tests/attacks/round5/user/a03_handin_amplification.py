"""a03 (ORDINARY USER): the hand-in notebook itself as a memory amplifier in the grader (outside any sandbox).

Round 4's fix caps the lists and items of a REPORT before it is loaded. The notebook a student hands in is read by
nbgrader in the grading child (host, no cgroup, no rlimit) and by generate_feedback; the only cap is 512 MiB /
1000 files for the hand-in folder (grader.grade.refusal). JSON "[]," is 3 bytes and ~56+ bytes once loaded, and
nbformat copies it again (NotebookNode). Here: notebook metadata holding N empty lists; a watcher samples the RSS
of every uid-65534 process on the host and prints the largest.
"""
from u import *
import threading

N = int(os.environ.get("AMP_N", 10_000_000))  # 30 MB


def amp(nb):
    nb.metadata["x"] = [[] for _ in range(N)]


def watch(stop, out):
    peak = {}
    while not stop:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                st = open(f"/proc/{pid}/status").read()
                if "\nUid:\t65534" not in st:
                    continue
                rss = int(st.split("VmRSS:")[1].split()[0]) >> 10
                cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")[:90]
            except (OSError, IndexError):
                continue
            if rss > peak.get(pid, (0, ""))[0]:
                peak[pid] = (rss, cmd)
        time.sleep(0.5)
    out.extend(sorted(peak.values(), reverse=True)[:6])


if __name__ == "__main__":
    stop, out = [], []
    th = threading.Thread(target=watch, args=(stop, out)); th.start()
    t = time.time()
    dest, p = ugrade("03", {"amp": notebook(mutate=amp), "honest": honest_nb()})
    stop.append(1); th.join()
    print(f"total {time.time()-t:.0f}s; hand-in size", os.path.getsize(os.path.join(dest, "submitted/amp/ps1_memory/ps1_memory.ipynb")))
    for rss, cmd in out:
        print(f"PEAK RSS {rss} MiB  {cmd}")

# RESULT (ORDINARY USER, 698 s): BROKEN (grader memory, outside every sandbox and cap). 10 M empty lists in the
# notebook's metadata (70 MB as nbformat writes it, indented; 30 MB as compact JSON, which nbformat reads as well):
#   PEAK RSS 4448 MiB  grading child (grader.forkserver child, nbgrader autograde) - honest: ~380 MiB
#   PEAK RSS 3753 MiB  the class step generate_feedback (reads autograded/amp again)
# amp graded in 392 s (0/30), honest 24/24 after it. The hand-in cap is 512 MiB: ~180 M lists compact, ~18x this,
# i.e. ~75 GB in the grading child and again in the feedback step: the host's OOM killer, not a cap, ends it.
# (Round 4 capped REPORTS before loading; the hand-in notebook itself is not capped in that way.)
