"""a00: round 45's folder check (formgrader_guard.others_may_write) refuses a folder "group G may write" unless G is
the caller's egid or the checkout's writers' group - also where the folder is world-writable with the sticky bit
(in_sticky_path passes only the 'every user' bit). /tmp is 1777 root:root, so for an ordinary-user grader every course
under /tmp fails at `nbgrader generate_assignment` (grader.grade -> ensure_in_gradebook): no submission is graded.
Root is unaffected (its egid is 0). Functional regression for the ordinary-user TA, not a security break."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
d = "/tmp/attack46-user-a00"
if os.path.exists(d): shutil.rmtree(d)
os.makedirs(d); os.chmod(d, 0o700)
shutil.copy(CLONE + "/nbgrader_config.py", d); shutil.copytree(CLONE + "/source", d + "/source"); shutil.copytree(CLONE + "/release", d + "/release")
hand_in(d, AARON, A, honest(A))
print(os.popen("stat -c '%n %a %U:%G' /tmp " + d).read())
r = grade(d, A)
print("graded notebook exists:", os.path.exists(f"{d}/autograded/{AARON}/{A}/{A}.ipynb"))
sys.path.insert(0, CLONE)
from grader.formgrader_guard import shared_folder
print("shared_folder as uid 65534 would say (computed as root here, so 0 is trusted):", shared_folder(d))
shutil.rmtree(d)
