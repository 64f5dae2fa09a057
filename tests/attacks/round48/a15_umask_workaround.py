"""a15: a03 again with the grader started under `umask 077` (what the suggested fix does inside grade()): does eve48,
polling the course's first run the same way, still read anything?"""
from common import *
c = make_course("a15")
for s in ("aaron", "mallory", "zoe"):
    hand_in(c, s, honest())
subprocess.run(["chmod", "-R", "go-rwx", c + "/submitted", c + "/source"])  # as a TA's earlier collect/copy leaves them
loot = "/tmp/eve48-loot-root-a15"; subprocess.run(["rm", "-rf", loot])
stop = "/tmp/eve48-stop-root-a15"
if os.path.exists(stop): os.remove(stop)
open("/tmp/eve48-watch-root-a15.py", "w").write(open("/tmp/eve48-watch-root.py").read().replace("time.sleep(0.2)", "time.sleep(0.02)"))
w = subprocess.Popen(["runuser", "-u", "eve48", "--", CLONE + "/.venv/bin/python", "/tmp/eve48-watch-root-a15.py", c, loot, stop])
env = dict(os.environ, **ENV_CANARY)
t = time.time()
r = subprocess.run(["sh", "-c", f"umask 077; exec {PY} -m grader.grade --course-dir {c} --workers 1 ps1_memory"],
                   cwd=CLONE, env=env, capture_output=True, text=True)
print("grade rc", r.returncode, "in %.1f s" % (time.time() - t))
open(stop, "w").close(); w.wait(timeout=30)
print("eve48 read during the first run under umask 077:", sorted(os.listdir(loot)))
print(open(c + "/grades.csv").read())
subprocess.run(["rm", "-rf", loot])
