import os, sys, nbformat
sys.path.insert(0, "CLONE")
from tools.submissions import fill, source_and_release
from grader.course import ROOT, notebook_name
os.umask(0o077)
for student, name in [(s, a) for s in sys.argv[2:] for a in [sys.argv[1]]]:
    src, rel = source_and_release(name, ROOT)
    folder = os.path.join(ROOT, "submitted", student, name); os.makedirs(folder, exist_ok=True)
    nbformat.write(fill(rel, src), os.path.join(folder, notebook_name(name, ROOT)))
    print("wrote", folder)
