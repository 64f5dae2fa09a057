"""Shared by round 5's scripts: grade a course (grader.grade, --workers 1) while sampling the RSS of every
host process of the grading run (the grader's own processes, not the sandboxed kernels: uid != 65534)."""
import os, subprocess, sys, threading, time
import psutil
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import attack_course as ac  # noqa: E402


def grade_watched(dest, extra=(), env=None, interval=0.2):
    python = os.path.join(ac.ROOT, ".venv/bin/python")
    t0 = time.time()
    p = subprocess.Popen([python, "-m", "grader.grade", "--course-dir", dest, "--workers", "1", *extra], cwd=ac.ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    peak = {}
    stop = []

    def sample():
        root = psutil.Process(p.pid)
        while not stop:
            try:
                procs = [root, *root.children(recursive=True)]
            except psutil.Error:
                time.sleep(interval)
                continue
            for q in procs:
                try:
                    if q.uids().real == 65534:
                        continue
                    rss = q.memory_info().rss
                    key = (q.pid, " ".join(q.cmdline())[:90])
                    peak[key] = max(peak.get(key, 0), rss)
                except psutil.Error:
                    pass
            time.sleep(interval)
    th = threading.Thread(target=sample, daemon=True)
    th.start()
    out = p.communicate()[0]
    stop.append(1)
    th.join()
    print(f"grade rc={p.returncode} in {time.time()-t0:.0f}s")
    print(out[-2500:])
    print("peak RSS of host-side grader processes (MB):")
    for (pid, cmd), rss in sorted(peak.items(), key=lambda kv: -kv[1])[:6]:
        print(f"  {rss >> 20:6d}  pid {pid}  {cmd}")
    return p, peak
