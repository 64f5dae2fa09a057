"""a05: one hand-in stops the grading of the whole class. mallory's hand-in is the untouched release notebook plus
a tree of folders nested 17+ deep with names of 250 characters, so that a path under it is longer than PATH_MAX
(4,096 bytes); 40 folders and one empty file, far under the hand-in caps (1,000 entries, 512 MiB). Nothing runs in
any kernel. Two honest ps1 students (the solution copied: the controls) sit around it: aa_honest (before mallory in
the grader's order) and zz_honest (after). Run with --workers 1 (the brief's command) and again with --workers 2.
Report the grading command's exit status, the summary line, grading_report.json and every score."""
import os, sys, json, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15, nbformat
rel = u15.notebook("ps1_memory")
def deep(d):
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb"))
    fd = os.open(d, os.O_RDONLY)
    for i in range(40):
        n = ("d%02d" % i) + "a" * 247
        os.mkdir(n, dir_fd=fd)
        nfd = os.open(n, os.O_RDONLY, dir_fd=fd); os.close(fd); fd = nfd
    os.close(os.open("leaf.txt", os.O_CREAT | os.O_WRONLY, dir_fd=fd)); os.close(fd)
for workers in ("1", "2"):
    print(f"================ --workers {workers}")
    students = {("aa_honest", "ps1_memory"): u15.honest("ps1_memory"), ("mallory_deep", "ps1_memory"): deep,
                ("zz_honest", "ps1_memory"): u15.honest("ps1_memory")}
    dest = u15.course("a05", students)
    p = u15.grade(dest, extra=("--workers", workers), env=u15.CANARY_ENV)
    print("STDERR HEAD (runs of a letter shortened):", re.sub(r"a{20,}", lambda m: "a{%d}" % len(m.group()), p.stderr)[:2500])
    print("exit status of the grading command:", p.returncode)
    rp = f"{dest}/grading_report.json"
    print("grading_report.json:", open(rp).read()[:1500] if os.path.exists(rp) else "MISSING")
    print("scores in the gradebook:")
    try:
        u15.scores(dest)
    except Exception as e:
        print("  gradebook unreadable:", type(e).__name__, e)
    for s in ("aa_honest", "zz_honest"):
        print(s, "graded notebook:", os.path.exists(f"{dest}/autograded/{s}/ps1_memory/ps1_memory.ipynb"),
              "feedback:", os.path.exists(f"{dest}/feedback/{s}/ps1_memory/ps1_memory.html"))
    print("grades.csv:", open(f"{dest}/grades.csv").read()[:800] if os.path.exists(f"{dest}/grades.csv") else "MISSING")
    u15.cleanup(dest)
