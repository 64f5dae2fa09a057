"""a16: files handed in beside the notebook named like modules the grader's processes may import late (after a
chdir into the hand-in's folder, if '' or that folder were on their path): round 24's class, rechecked now that the
graded folder holds only the notebook but submitted/ keeps every file. Each writes a proof as whoever imports it."""
import os
from harness import *
PROOF = "/tmp/attack38-root-a16-proof.txt"
MODS = ["csv", "zipfile", "uuid", "secrets", "decimal", "fractions", "statistics", "bz2", "lzma", "gzip", "mimetypes",
        "difflib", "pprint", "textwrap", "shlex", "glob", "fnmatch", "tempfile", "getpass", "platform", "pydoc",
        "sitecustomize", "usercustomize", "nbgrader_config", "jupyter_config", "ipython_config", "traitlets_config",
        "markdown", "bleach", "mistune", "pygments", "jinja2", "sqlalchemy", "dateutil", "pytz", "nbclient", "zmq"]
BODY = 'import os, sys\nopen(%r, "a").write("%%s uid=%%d cwd=%%s argv0=%%s\\n" %% (__name__, os.getuid(), os.getcwd(), sys.argv[0]))\n' % PROOF
if __name__ == "__main__":
    if os.path.exists(PROOF): os.unlink(PROOF)
    d = make_course("a16")
    put(d, "aaron", solution_nb())
    put(d, "mallory", solution_nb(), extra={f"{m}.py": BODY for m in MODS})
    put(d, "zoe", solution_nb())
    grade(d); scores(d)
    print("proof after make grade:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    if os.path.exists(PROOF): os.unlink(PROOF)
