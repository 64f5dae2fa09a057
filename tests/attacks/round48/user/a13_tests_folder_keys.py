"""A13: a12 without git: the checkout's tests/ (readable by design: the README keeps the rest of the checkout readable)
and its committed attack notes carry answers from the hidden keys. eve48 greps them."""
import subprocess
r = subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", "grep", "-rn", "-E",
                    "only q1 \\(\"b\"\\) is known|\"q1\": \\(\"b\"", "CLONE/tests"], capture_output=True, text=True)
print("\n".join(l[:220] for l in r.stdout.splitlines()[:6]), r.stderr[-200:])
