"""a04: the feedback step's hidden-test regex on the student's own code. Feedback pages are made one student
after another (grader.grade `start_in_turn`), each stopped after 120 s, and the run waits for all of them.
grader.feedback.HideHiddenTests runs `HIDDEN_TESTS` (`[ \\t]*### BEGIN HIDDEN TESTS(.*?)### END ...`, re.S) over
EVERY code cell, solution cells included: a cell with tens of thousands of unterminated `### BEGIN HIDDEN TESTS`
comment lines makes each match attempt scan to the cell's end (quadratic). Two hostile students (m1, m2; the
release notebook plus 1 MB of such comment lines in a solution cell; nothing else) are graded between two
honest ones. How long do the pages of m1/m2 take, what happens to the honest students' pages, and how much longer
does the grading command take than a class of the two honest students alone (run first, as the baseline)?"""
import os, sys, json, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u16

BOMB = "\n" + "### BEGIN HIDDEN TESTS\n" * 45_000

def timed(tag, students):
    dest = u16.course(tag, students)
    t = time.time()
    p = u16.grade(dest)
    took = time.time() - t
    print(f"[{tag}] grading command took {took:.0f} s, rc={p.returncode}")
    u16.scores(dest)
    for o in json.load(open(f"{dest}/grading_report.json")):
        print("REPORT", o["student"], o["status"], "|", repr(o.get("reason", ""))[:200])
    fb = f"{dest}/feedback"
    for s in sorted(os.listdir(fb)) if os.path.isdir(fb) else []:
        for d, _, names in os.walk(os.path.join(fb, s)):
            for n in names:
                f = os.path.join(d, n)
                print("FEEDBACK", s, n, os.path.getsize(f), "bytes, written", f"{os.path.getmtime(f) - t:.0f} s after the command started")
    for line in p.stderr.splitlines():
        if line.startswith("feedback "):
            print("STDERR:", line[:300])
    u16.cleanup(dest)
    return took

honest = u16.honest("ps1_memory")
base = timed("a04-base", {("aa_honest", "ps1_memory"): honest, ("zz_honest", "ps1_memory"): honest})
nb = u16.notebook("ps1_memory", append={"training_memory": BOMB, "partition_layers": BOMB})
print("hostile notebook bytes:", len(u16.nbformat.writes(nb)))
hostile = timed("a04", {("aa_honest", "ps1_memory"): honest, ("m1", "ps1_memory"): nb, ("m2", "ps1_memory"): nb,
                        ("zz_honest", "ps1_memory"): honest})
print(f"baseline {base:.0f} s; with two hostile hand-ins {hostile:.0f} s (+{hostile - base:.0f} s)")
