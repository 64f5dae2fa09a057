"""a11: the TA's own kernels (make lab, nbval) keep IPython's history of every cell she runs in
~/.ipython/profile_default/history.sqlite. With a home others may enter (0755, Ubuntu's default before 21.04; 0751),
which modes do IPython's folders and the history get under the TA's umask 022, and can a local student read the cells?"""
import os, subprocess, sys, time
home = "/tmp/attack52-user-a11-tahome"
subprocess.run(["rm", "-rf", home]); os.makedirs(home); os.chmod(home, 0o755); os.chown(home, 65534, 65534)
ta = r'''
import os, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader import private_kernels; private_kernels.install()
from jupyter_client.manager import KernelManager
km = KernelManager(transport="ipc"); km.start_kernel(cwd="CLONE/source/ps1_memory")
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
kc.execute_interactive("q1 = 'b'  # quiz key typed by the TA while authoring\nsecret_solution = 'def training_memory(...): ...'", timeout=30)
kc.stop_channels(); km.shutdown_kernel()
'''
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "sh", "-c", "umask 022; exec CLONE/.venv/bin/python -c \"$0\"", ta],
                   env=dict(os.environ, HOME=home), capture_output=True, text=True, cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
print(r.stderr[-500:])
subprocess.run(f"ls -la {home} {home}/.ipython {home}/.ipython/profile_default", shell=True)
st = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python", "-c",
    f"import sqlite3; print(sqlite3.connect('file:{home}/.ipython/profile_default/history.sqlite?mode=ro', uri=True).execute('select source from history').fetchall())"],
    capture_output=True, text=True)
print("STUDENT (uid 1001):", st.stdout, st.stderr[-300:])
subprocess.run(["rm", "-rf", home])
