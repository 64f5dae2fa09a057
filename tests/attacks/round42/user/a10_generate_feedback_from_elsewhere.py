"""a10: round 40 put the course's guards into the venv's own nbgrader configuration, so that nbgrader run from
another folder than the course's keeps them; the feedback preprocessors (HideHiddenTests: hidden tests out of the
pages students get) are set only in the course's nbgrader_config.py. The TA runs nbgrader's own
`nbgrader generate_feedback ps1_memory --CourseDirectory.root=<course>` from /tmp (as nbgrader's docs show), after
make grade. Do the pages students get hold the hidden tests?"""
import os, sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
d = make_course("a10")
hand_in(d, AARON, A, honest(A)); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
src = open(f"{d}/source/{A}/{A}.ipynb").read()
hidden = "### BEGIN HIDDEN TESTS"
page = open(f"{d}/feedback/{AARON}/{A}/{A}.html").read()
print("make grade's page: 'BEGIN HIDDEN TESTS' in it:", hidden in page, "; placeholder:", "hidden tests ran here" in page)
for where in ("/tmp", d):
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "generate_feedback", A,
                        f"--CourseDirectory.root={d}", "--force"], cwd=where, env=dict(ENV, HOME="/tmp"), capture_output=True, text=True, timeout=600)
    page = open(f"{d}/feedback/{AARON}/{A}/{A}.html").read()
    print("   ", [l[:160] for l in (r.stdout + r.stderr).splitlines() if "Generat" in l or "rror" in l or "config" in l.lower()][:6])
    print(f"generate_feedback run in {where}: rc {r.returncode}; 'BEGIN HIDDEN TESTS' in aaron's page: {hidden in page}; "
          f"placeholder: {'hidden tests ran here' in page}")
    if hidden in page:
        i = page.find("BEGIN HIDDEN TESTS"); print("   ", repr(page[i:i+300]))
shutil.rmtree(d)
