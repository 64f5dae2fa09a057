"""a12: a06 with break 2's second fix: the TA's kernel started with TMPDIR set to a 0700 folder of the TA's (what
private_kernels could give every kernel it starts). The student squats /tmp/ipykernel_<pid> as in a06."""
import os, subprocess, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
priv = "/tmp/attack52-user-home/kernel-tmp"
os.makedirs(priv, exist_ok=True); os.chown(priv, 65534, 65534); os.chmod(priv, 0o700)
src = open("tests/attacks/round52/user/a06_debugger_tmp_squat.py").read()
src = src.replace('env = dict(os.environ, HOME=home,', f'env = dict(os.environ, TMPDIR="{priv}", HOME=home,')
src = src.replace('subprocess.run(["rm", "-rf", f"/tmp/ipykernel_{pid}"])', 'print("TA private tmp now holds:", os.listdir("%s")); subprocess.run(["rm", "-rf", f"/tmp/ipykernel_{pid}", "%s"])' % (priv, priv))
exec(compile(src, "a06-with-TMPDIR", "exec"))
