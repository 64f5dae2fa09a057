"""TA side of a02 (uid 65534): tests/browser.py's own jupyter_lab() (what `make screenshots` and test_browser.py in
`make test` start) on a private copy of the course; holds it open A02_WAIT seconds."""
import os, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
os.chdir((__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from tests.browser import jupyter_lab
course, work = sys.argv[1], sys.argv[2]
with jupyter_lab(course, work) as (url, token):
    print("TA's lab up at", url, flush=True)
    open(os.path.join(work, "ready"), "w").write(url)
    t = time.time()
    while time.time() - t < float(os.environ.get("A02_WAIT", "60")) and not os.path.exists(os.path.join(work, "stop")):
        time.sleep(0.5)
print("TA's lab stopped", flush=True)
