"""Hand-in file names holding glob characters (printable, so admitted): beside an honest ps1_memory.ipynb, mallory
hands in `*.ipynb` and `ps1_memory[x].ipynb` and a folder `[` (hostile notebooks that answer nothing and print);
nora hands in ONLY `*.ipynb` (an honest notebook under that name). Does nbgrader or the grader resolve a pattern to
another file (another student's, or the wrong notebook of her own)?"""
from lib import *
A = "ps1_memory"
d = make_course("a13")
hand_in(d, "aaron", A, honest(A))
bad = release_nb(A)
bad.cells.insert(0, nbformat.v4.new_code_cell("print('GLOB NOTEBOOK RAN')"))
p = hand_in(d, "mallory", A, honest(A))
for name in ("*.ipynb", "ps1_memory[x].ipynb", "?s1_memory.ipynb"):
    nbformat.write(bad, f"{p}/{name}")
os.makedirs(f"{p}/[", exist_ok=True)
pn = f"{d}/submitted/nora/{A}"; os.makedirs(pn)
nbformat.write(honest(A), f"{pn}/*.ipynb")
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv; find {d}/autograded {d}/feedback -type f; grep -l 'GLOB NOTEBOOK' -r {d}/autograded {d}/feedback; grep -B1 -A5 '\"nora\"' {d}/grading_report.json")
