"""a05: grading a course kept outside the checkout (`python -m grader.grade --course-dir /tmp/...`, the path this
round grades through): keep_private() protects the checkout's autograders/ and source/ only when the course *is* the
checkout (commit add733a). A local student (eve48) reads the quiz keys and every solution from the checkout after a
run. Documented in that commit's message and keep_private's docstring; README's promise names no exception."""
from common import *
c = make_course("a05")
hand_in(c, "aaron", honest()); hand_in(c, "zoe", honest())
grade(c)
print(open(c + "/grades.csv").read())
def as_eve(cmd):
    r = subprocess.run(["runuser", "-u", "eve48", "--", "sh", "-c", cmd], capture_output=True, text=True)
    return r.stdout + r.stderr
print("eve48 reads the quiz keys:", as_eve(f"grep -n '\"q[1-5]\": (' {CLONE}/autograders/ps1_memory.py | cut -c1-60"))
print("eve48 reads a solution:", as_eve(f"grep -c 'BEGIN SOLUTION' {CLONE}/source/ps1_memory/ps1_memory.ipynb"))
print("eve48 reads the course copy's source/:", as_eve(f"ls {c}/source 2>&1"))
