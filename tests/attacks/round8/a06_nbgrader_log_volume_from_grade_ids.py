# a06 (root, ps1_memory): how much of the hand-in nbgrader copies into the grader's per-submission log (the file the
# kernel's own output reaches only labelled and capped at 64 kB): 50 extra cells, each with an unknown grade_id of
# 1 MiB (a 50 MiB notebook, under the 64 MiB and 200,000-container caps). OverwriteCells logs each id in full.
# The size of /tmp/grade-kernel-*/nbgrader.log is sampled while it grades.
# RESULT: see the end of this file.
import glob, os, sys, threading, time
import nbformat
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

def add(nb):
    for i in range(50):
        cell = nbformat.v4.new_code_cell(f"pass  # {i}")
        cell.metadata["nbgrader"] = {"grade": False, "solution": True, "locked": False, "schema_version": 3,
                                     "grade_id": f"id{i}-" + "A" * (1 << 20)}
        nb.cells.append(cell)

if __name__ == "__main__":
    dest = ac.make_course("r8-a06", {"volume": ac.notebook(mutate=add)})
    print("notebook MiB", os.path.getsize(os.path.join(dest, "submitted/volume/ps1_memory/ps1_memory.ipynb")) >> 20)
    peak, stop = [0], []
    def sample():
        while not stop:
            for f in glob.glob("/tmp/grade-kernel-*/nbgrader.log"):
                try: peak[0] = max(peak[0], os.path.getsize(f))
                except OSError: pass
            time.sleep(0.2)
    th = threading.Thread(target=sample, daemon=True); th.start()
    grade_watched(dest)
    stop.append(1); th.join()
    print("peak nbgrader.log MiB", peak[0] / 2**20)
    print(open(os.path.join(dest, "grading_report.json")).read()[:800])
# RESULT (root, 10:16 UTC, a06_nbgrader_log_volume_from_grade_ids.out.txt): the per-submission nbgrader.log (host
# /tmp/grade-kernel-*/, deleted after the submission) reached 50.0 MiB of unlabelled text copied from the hand-in's
# metadata (the 64 kB cap covers only what the sandbox writes); the submission then failed its own validation. About
# 1x the hand-in (capped by the 64 MiB notebook cap) and transient: weak, but it is the same unlabelled channel as
# a03, uncapped.
