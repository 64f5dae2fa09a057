"""a27: zip_collect's shutil.copy keeps an upload's mode (a02): a hand-in notebook of mode 06777 owned by root in
submitted/. Does that mode travel into autograded/ or feedback/ (files the TA's tools and Formgrader serve)?"""
import os, sys, stat
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("modes"); good = solution_nb()
put(d, "aaron", good); p = put(d, "mallory", good); put(d, "zoe", good)
os.chmod(f"{p}/ps1_memory.ipynb", 0o6777)
grade(d); scores(d)
for f in (f"{d}/submitted/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"):
    print(f, oct(os.stat(f).st_mode) if os.path.exists(f) else "missing")
