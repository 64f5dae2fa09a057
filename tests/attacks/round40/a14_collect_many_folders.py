"""a14: one student (a40mallory) makes many folders in the exchange's inbound (0733, anyone may mkdir), each named as a
hand-in of hers with its own time: `nbgrader collect` (SafeCollect) parses every name (dateutil), lstats it and looks up
its owner before picking her newest. How long does the TA's collection of the whole class take, against a control?"""
import sys, stat, pwd, datetime; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
def user(name):
    try: pwd.getpwnam(name)
    except KeyError: subprocess.run(["useradd", "-M", "-s", "/usr/sbin/nologin", name], check=True)
root = make_course("a14"); os.chmod(root, 0o755)
subprocess.run([PY, "-c", f"import sys; sys.path.insert(0,'{CLONE}'); from grader import grade; grade.ensure_in_gradebook(['{A}'], '{root}')"], check=True, cwd=CLONE)
ex = f"{root}/exchange"; inbound = f"{ex}/distcourse/inbound"
os.makedirs(inbound); os.chmod(ex, 0o755); os.chmod(f"{ex}/distcourse", 0o755); os.chmod(inbound, stat.S_ISGID | 0o733)
for u in ("a40aaron", "a40mallory", "a40zoe"): user(u)
nbformat.write(honest(), "/tmp/a40-honest.ipynb"); os.chmod("/tmp/a40-honest.ipynb", 0o644)
now = datetime.datetime.utcnow(); fmt = "%Y-%m-%d %H:%M:%S.%f UTC"
def hand(u, tag):
    d = f"{inbound}/{u}+{A}+{now.strftime(fmt)}+{tag}"
    subprocess.run(["runuser", "-u", u, "--", "/bin/sh", "-c", f"mkdir '{d}' && cp /tmp/a40-honest.ipynb '{d}/{A}.ipynb'"], check=True)
hand("a40aaron", "a"); hand("a40zoe", "z")
def collect(tag):
    shutil.rmtree(f"{root}/submitted", ignore_errors=True)
    t = time.time()
    p = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "collect", A, f"--Exchange.root={ex}"], cwd=root, capture_output=True, text=True)
    dt = time.time() - t
    print(f"{tag}: collect rc={p.returncode} in {dt:.1f}s; collected: {sorted(os.listdir(f'{root}/submitted')) if os.path.isdir(f'{root}/submitted') else []}")
    return dt
collect("control (2 students)")
script = f"""
import os, datetime
base = datetime.datetime(2026, 1, 1)
for i in range({N}):
    os.mkdir("{inbound}/a40mallory+{A}+" + (base + datetime.timedelta(seconds=i)).strftime("{fmt}") + "+x")
"""
t = time.time()
subprocess.run(["runuser", "-u", "a40mallory", "--", "/usr/bin/python3", "-c", script], check=True)
print(f"mallory made {N} folders in {time.time()-t:.1f}s (her cost: {N} directories)")
collect(f"with mallory's {N} folders")
subprocess.run(["rm", "-rf", inbound])
