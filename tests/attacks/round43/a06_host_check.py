"""a06: why a01b's `vm` and `127。0。0。1` clicks got 403: Jupyter's Host check (non-local Host names refused when
allow_remote_access is off) or only the missing cookie? Requests with the TA's token, to each spelling's host as the
browser resolves it, against JupyterLab on a01b's course folder."""
import os, sys, tempfile, urllib.request, urllib.error
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tests import browser
PORT = 8954; browser.free_port = lambda: PORT
work = tempfile.mkdtemp(prefix="attack43-root-lab-", dir="/tmp")
with browser.jupyter_lab("/tmp/attack43-root-a01b", work) as (url, token):
    for host in ("localhost", "127.0.0.1", "vm", "runsc"):
        u = f"http://{host}:{PORT}/nbconvert/html/submitted/aaron/ps1_memory/ps1_memory.ipynb?download=false&token={token}"
        try:
            with urllib.request.urlopen(u, timeout=60) as r:
                print(f"{host:10s} {r.status} {len(r.read())} bytes (converted)")
        except urllib.error.HTTPError as e:
            print(f"{host:10s} {e.code} {e.read()[:120]!r}")
    log = open(os.path.join(work, "jupyterlab.log")).read()
    print("\n".join(l for l in log.splitlines() if "Host" in l or "403" in l)[:1500])
shutil.rmtree(work, ignore_errors=True)
