"""a11: nbgrader's list parses each path with `.*/(?P<course_id>.*)/outbound/(?P<assignment_id>.*)` (re.match; `.` does
not cross a newline). A course folder of eve's whose name holds a newline makes the parse raise for every student's
`nbgrader list` with no course id (and the assignment_list extension's course listing), whatever else is in the root."""
import os, subprocess, shutil, time
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex11"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
ta = f"{base}/course"; os.makedirs(ta); shutil.copy(f"{CLONE}/nbgrader_config.py", ta)
shutil.copytree(f"{CLONE}/source", f"{ta}/source"); shutil.copytree(f"{CLONE}/release", f"{ta}/release")
subprocess.run(["chown", "-R", "65534:65534", base])
root = f"{base}/exchange"
def as_user(uid, cmd, cwd):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd if uid != 65534 else "/tmp/attack47-user-home", "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, timeout=300)
    return r.returncode, (r.stdout + r.stderr).decode(errors="backslashreplace")
print("TA release:", as_user(65534, [NB, "release_assignment", "ps1_memory", f"--Exchange.root={root}", "--force"], ta)[0])
os.makedirs("/home/bob47/w11", exist_ok=True); os.chown("/home/bob47/w11", 2002, 2002); os.chmod("/home/bob47/w11", 0o700)
rc, out = as_user(2002, [NB, "list", f"--Exchange.root={root}"], "/home/bob47/w11")
print(f"before: bob's list rc={rc}: {out.strip().splitlines()[-1]!r}")
print("eve:", as_user(2001, ["/usr/bin/python3", "-c", f"import os; os.makedirs(os.path.join({root!r}, 'x\\ny', 'outbound', 'a'))"], "/home/eve47"))
rc, out = as_user(2002, [NB, "list", f"--Exchange.root={root}"], "/home/bob47/w11")
print(f"after: bob's list rc={rc}: {out.strip().splitlines()[-3:]!r}")
rc, out = as_user(2002, [NB, "list", f"--Exchange.root={root}", "--course", "distcourse"], "/home/bob47/w11")
print(f"after, with --course distcourse: rc={rc}: {out.strip().splitlines()[-1]!r}")
# the assignment_list extension's course list (what the Assignments tab shows) calls the same list with no course
os.makedirs("/home/bob47/w11/.jupyter", exist_ok=True)
open("/home/bob47/w11/.jupyter/nbgrader_config.py", "w").write(f"c = get_config()\nc.Exchange.root = {root!r}\n")
subprocess.run(["chown", "-R", "2002:2002", "/home/bob47/w11"])
code = f'''
from nbgrader.server_extensions.assignment_list.handlers import AssignmentList
from nbgrader.coursedir import CourseDirectory
from traitlets.config import Config
import nbgrader.apps.baseapp
c = Config(); c.Exchange.root = {root!r}
from grader.exchange import FACTORY
for k, v in FACTORY.items(): setattr(c.ExchangeFactory, k, v)
al = AssignmentList(config=c)
al.root_dir = '/home/bob47/w11'
r = al.list_courses(); print(r['success'], str(r.get('value'))[-300:])
'''
rc, out = as_user(2002, [f"{CLONE}/.venv/bin/python", "-c", code], "/home/bob47/w11")
print(f"assignment_list.list_courses() as bob: rc={rc}: {out.strip().splitlines()[-2:]!r}")
