"""a15: hand-ins of odd shapes, each costing only its own student? mallory: ps1_memory.ipynb is a folder holding a
notebook; nora: ps1_memory.ipynb unreadable (mode 000, as a student's upload may arrive); oscar: the notebook plus
a file named `ps1_memory.ipynb.ipynb` and one named `.ipynb`. aaron and zoe honest, before and after."""
from lib import *
A = "ps1_memory"
d = make_course("a15")
for s in ("aaron", "zoe"):
    hand_in(d, s, A, honest(A))
p = f"{d}/submitted/mallory/{A}/{A}.ipynb"; os.makedirs(p); nbformat.write(honest(A), f"{p}/{A}.ipynb")
hand_in(d, "nora", A, honest(A))
hand_in(d, "oscar", A, honest(A), extra={f"{A}.ipynb.ipynb": json.dumps(nbformat.v4.new_notebook()), ".ipynb": "{}"})
chown(d)
os.chmod(f"{d}/submitted/nora/{A}/{A}.ipynb", 0)
grade(d, A)
scores(d)
for s in ("mallory", "nora", "oscar"):
    j = [o for o in json.load(open(f"{d}/grading_report.json")) if o["student"] == s]
    print(s, j[0]["status"] if j else None, (j[0]["reason"] if j else "")[:250])
