"""a29: `make grade` refuses hand-ins holding tool files (round 38); does it refuse `.hg/hgrc` (Mercurial hooks, which
a shell prompt with an hg module runs on `cd`, as git's fsmonitor) and `.pdbrc`? Controls aaron, zoe."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("hg"); good = solution_nb()
put(d, "aaron", good)
p = put(d, "mallory", good, extra={".pdbrc": "import os\n"}); os.makedirs(f"{p}/.hg"); open(f"{p}/.hg/hgrc", "w").write("[hooks]\npre-status = id > /tmp/attack39-root-hg-proof\n")
p2 = put(d, "mallory2", good, extra={"ipython_config.py": "x = 1\n"})  # a listed tool file, refused (control of the check)
put(d, "zoe", good)
grade(d); scores(d)
