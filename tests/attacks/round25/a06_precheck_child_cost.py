"""a06: re-attack of round 24's fix (the check of a hand-in before nbgrader reads it now runs in a capped child of
the grading command: 2 GiB data, 10 CPU-s, 60 s). The hand-in stays within every count (1,000 files and folders,
512 MiB, and per notebook 64 MiB / 200,000 brackets / 300,000 commas): beside the release notebook it holds
NSUB folders each with a notebook of one cell whose nbgrader grade_id is a 2.4-million-character string of "\\u0100"
escapes (the check json-loads every .ipynb of the hand-in, and the release again for each). Measured: the grading
command's own process (peak RSS sampled from /proc, and CPU), the outcome of the hostile hand-in, and an honest
student graded in the same run."""
import os, sys, json, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT, GRADER  # noqa

A = "ps1_memory"
NSUB = int(os.environ.get("NSUB", "30"))


def main():
    dest = "/tmp/attack25-a06"
    course(dest, {"mallory": honest(A) if os.environ.get("HONEST_TOP") else __import__("tools.submissions", fromlist=["x"]).source_and_release(A)[1], "zz_honest": honest(A)}, A)
    handin = os.path.join(dest, "submitted", "mallory", A)
    gid = "\\u0100" * 2_400_000
    text = ('{"cells": [{"cell_type": "code", "metadata": {"nbgrader": {"grade_id": "' + gid +
            '", "grade": false, "solution": true}}, "source": "", "outputs": [], "execution_count": null}], '
            '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    for i in range(NSUB):
        os.makedirs(os.path.join(handin, f"d{i:03d}"))
        open(os.path.join(handin, f"d{i:03d}", f"n{i}.ipynb"), "w").write(text)
    print(f"hand-in: release notebook + {NSUB} notebooks of {len(text) / 2**20:.1f} MiB (one grade id each)")
    peak = {"rss": 0, "cpu": 0.0}
    stop = False

    def sample():
        while not stop:
            pid = GRADER.get("pid")
            if pid:
                try:
                    for l in open(f"/proc/{pid}/status"):
                        if l.startswith("VmHWM"):
                            peak["rss"] = max(peak["rss"], int(l.split()[1]) >> 10)
                    st = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
                    peak["cpu"] = max(peak["cpu"], (int(st[11]) + int(st[12])) / os.sysconf("SC_CLK_TCK"))
                except OSError:
                    pass
            time.sleep(0.2)
    th = threading.Thread(target=sample, daemon=True); th.start()
    rc = grade(dest)
    stop = True; th.join()
    print(f"grading command's own process: peak RSS (VmHWM) {peak['rss']} MiB, CPU {peak['cpu']:.1f} s")
    sc = scores(dest)
    try:
        rep = json.load(open(os.path.join(dest, "grading_report.json")))
        for r in (rep if isinstance(rep, list) else rep.get("submissions", [])):
            print("REPORT", json.dumps(r)[:600])
    except Exception as ex:
        print("no report", ex)
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)


if __name__ == "__main__":
    main()
