"""A hand-in with a second notebook beside the graded one (evil.ipynb, whose written answer has HTML and
whose code prints a marker) and a sub-folder holding another notebook: does nbgrader execute them, copy them into
autograded/ or feedback/, or let them reach the TA?"""
from lib import *
A = "ps1_memory"
d = make_course("a02")
hand_in(d, "aaron", A, honest(A))
evil = nbformat.v4.new_notebook()
evil.cells = [nbformat.v4.new_code_cell("print('EVIL-RAN'); open('/tmp/x','w')"),
              nbformat.v4.new_markdown_cell("<img src=x onerror=alert(1)>")]
p = hand_in(d, "mallory", A, honest(A))
nbformat.write(evil, f"{p}/evil.ipynb")
os.makedirs(f"{p}/sub", exist_ok=True)
nbformat.write(evil, f"{p}/sub/{A}.ipynb")
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv; find {d}/autograded {d}/feedback {d}/.autograding -print 2>&1; grep -rl EVIL {d}/autograded {d}/feedback 2>&1")
