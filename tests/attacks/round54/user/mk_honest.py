# Writes honest hand-ins (our solution filled into the release) for the given students/assignment.
import os, sys, nbformat
sys.path.insert(0, os.getcwd())
from tools.submissions import fill, source_and_release
from grader.course import notebook_name
name = sys.argv[1]
for student in sys.argv[2:]:
    s, r = source_and_release(name, os.getcwd())
    folder = os.path.join("submitted", student, name); os.makedirs(folder, exist_ok=True)
    nbformat.write(fill(r, s), os.path.join(folder, notebook_name(name, os.getcwd())))
    print("wrote", folder)
