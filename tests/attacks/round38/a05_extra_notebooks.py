"""a05: a hand-in with more notebooks than the assignment's: a second .ipynb (holding a script in markdown and an
HTML output) and a case variant of the notebook's name. Does nbgrader grade them, does anything of them reach
autograded/ or feedback/ (the TA's Formgrader and pages), does the real notebook keep its grade?"""
import glob
from harness import *
EVIL_MD = '<img src=x onerror="document.title=\'PWNED-A05\'">'
if __name__ == "__main__":
    d = make_course("a05")
    put(d, "aaron", solution_nb())
    p = put(d, "mallory", solution_nb())
    evil = solution_nb()
    evil.cells.insert(0, nbformat.v4.new_markdown_cell(EVIL_MD))
    nbformat.write(evil, f"{p}/extra.ipynb")
    nbformat.write(evil, f"{p}/PS1_MEMORY.ipynb")
    put(d, "zoe", solution_nb())
    grade(d)
    scores(d)
    for f in sorted(glob.glob(f"{d}/autograded/**", recursive=True) + glob.glob(f"{d}/feedback/**", recursive=True)):
        if "mallory" in f: print("file:", f)
    hits = subprocess.run(["grep", "-rl", "PWNED-A05", f"{d}/autograded", f"{d}/feedback"], capture_output=True, text=True).stdout
    print("payload in autograded/feedback:", hits or "none")
