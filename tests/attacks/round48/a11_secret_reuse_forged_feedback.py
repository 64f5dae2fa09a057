"""a11 (second version: mallory hands in late, graded in a later run): what a student does with a classmate's submission_secret.txt (copied in a10's first-run window): hand in
again (collect --update takes her newest folder) with zoe's secret as her own. collect and the grader check only that a
secret is hex; release_feedback names each page md5(secret + notebook id) with no student in it, so mallory's page and
zoe's go to one file name, and whichever nbgrader copies last is what zoe's `fetch_feedback` gets. mallory's page
says, in a written answer, that this is zoe's feedback with a made-up score."""
from common import *
import hashlib, secrets
c = make_course("a11")
ex = "/tmp/attack48-root-a11-exchange"
subprocess.run(["rm", "-rf", ex]); os.mkdir(ex); os.chmod(ex, 0o1777)
sec = {s: secrets.token_hex(64) for s in ("aaron", "mallory", "zoe")}
FORGED = "FORGED-BY-MALLORY: zoe, your ps1_memory scored 0 / 30; see the TA"
def put(s, nb, secret):
    p = hand_in(c, s, nb)
    open(p + "/submission_secret.txt", "w").write(secret)
    open(p + "/timestamp.txt", "w").write("2026-11-29 20:00:00.000000 UTC")
    subprocess.run(["chmod", "-R", "go-rwx", f"{c}/submitted/{s}"])
for s in ("aaron", "zoe"):
    put(s, honest(), sec[s])
grade(c)  # first run: aaron and zoe (their secrets leak as in a10; here mallory is simply given zoe's)
# mallory hands in late; collected after the first run, her hand-in carries zoe's secret
put("mallory", honest(overrides={"written_ddp_fit": FORGED}), sec["zoe"])
grade(c)  # grades mallory only (the others are graded already)
print(open(c + "/grades.csv").read())
env = dict(os.environ, **ENV_CANARY)
r = subprocess.run([CLONE + "/.venv/bin/python", "-m", "nbgrader", "release_feedback", "ps1_memory",
                    f"--Exchange.root={ex}"], cwd=c, env=env, capture_output=True, text=True)
print("release_feedback rc", r.returncode, "\n".join(l for l in r.stderr.splitlines() if "Releasing" in l or "WARN" in l or "ERROR" in l))
fb = f"{ex}/distcourse/feedback"
print("pages in the exchange:", sorted(os.listdir(fb)))
zoe_page = f"{fb}/{hashlib.md5((sec['zoe'] + 'ps1_memory').encode()).hexdigest()}.html"
text = open(zoe_page).read()
print("zoe's page (what `nbgrader fetch_feedback` gives zoe) is mallory's forged one:", FORGED.split(":")[0] in text)
subprocess.run(["rm", "-rf", ex])
