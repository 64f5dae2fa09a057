"""a02: a hand-in holding a sparse file: 0 bytes of disk in submitted/, GIGA bytes apparent size.

The refusal checks count files (1,000) and cap the notebook (64 MiB), not the bytes of the other files. If the
grader (nbgrader's copy into autograded/, the copy into the sandbox's folder) copies the hand-in densely, a hand-in
that costs nothing on disk makes the grader write GIGA GB, and 1,000 such files 1,000 times that.
The course's disk use is sampled every 0.5 s during grading (du of the course folder). Honest ps1 students are
graded before (aa) and after (zz) it."""
import os, sys, threading, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u17 import *

GIGA = int(os.environ.get("GIGA", "3"))


def hand_in(d):
    nbformat.write(release_nb("ps1_memory"), os.path.join(d, "ps1_memory.ipynb"))
    with open(os.path.join(d, "data.bin"), "wb") as f:
        f.truncate(GIGA << 30)


def du(path):
    r = subprocess.run(["du", "-s", "--block-size=1M", path], capture_output=True, text=True)
    try:
        return int(r.stdout.split()[0])
    except Exception:
        return -1


if __name__ == "__main__":
    a = "ps1_memory"
    dest = course("a02", {("aa_honest", a): honest(a), ("mallory", a): hand_in, ("zz_honest", a): honest(a)})
    print("submitted/mallory du MiB:", du(f"{dest}/submitted/mallory"), "apparent GiB:",
          os.path.getsize(f"{dest}/submitted/mallory/{a}/data.bin") / 2**30)
    peak = [0, ""]
    stop = []

    def watch():
        while not stop:
            for sub in ("autograded", "feedback", "submitted"):
                v = du(os.path.join(dest, sub))
                if v > peak[0]:
                    peak[:] = [v, sub]
            time.sleep(0.5)
    th = threading.Thread(target=watch, daemon=True); th.start()
    grade(dest)
    stop.append(1); th.join()
    print("peak du MiB of one course subfolder during grading:", peak)
    for sub in ("autograded", "feedback"):
        print(sub, "du MiB after:", du(os.path.join(dest, sub)))
    subprocess.run(f"ls -ls {dest}/autograded/mallory/{a}/ 2>&1", shell=True)
    report(dest)
    scores(dest)
    cleanup(dest)
