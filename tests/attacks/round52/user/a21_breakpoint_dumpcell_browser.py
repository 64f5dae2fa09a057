"""a21 (from a20): after the bug icon, click the breakpoint gutter of the first code cell, as a TA sets a breakpoint; list /tmp/ipykernel_<kernel pid>/ (break 2's folder).
a20: does merely opening a notebook in JupyterLab (headless chromium, tests/browser.py's helpers) start debugpy in the
TA's kernel, or only the debugger toggle? Count debugpy adapters and TA-uid TCP listeners after the kernel is idle."""
import os, subprocess, sys, time, shutil
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))); os.chdir((__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from tests.browser import jupyter_lab, chromium, Lab
base = "/tmp/attack52-user-home/a21"; shutil.rmtree(base, ignore_errors=True)
course, work = base + "/course", base + "/work"; os.makedirs(work)
shutil.copytree("CLONE/source", course + "/source"); shutil.copy("CLONE/nbgrader_config.py", course)
def listeners():
    return [int(l.split()[1].split(":")[1], 16) for l in open("/proc/net/tcp").read().splitlines()[1:] if l.split()[3] == "0A" and int(l.split()[7]) == os.getuid()]
with jupyter_lab(course, work) as (url, token):
    before = listeners()
    with chromium(work) as page:
        lab = Lab(page, url, token)
        lab.open("source/ps1_memory/ps1_memory.ipynb")
        time.sleep(8)
        ps = subprocess.run("ps -u %d -o args= | grep -c 'debugpy/adapter' | cat" % os.getuid(), shell=True, capture_output=True, text=True).stdout.strip()
        print("after opening the notebook: debugpy adapters:", int(ps) - 1 if ps.isdigit() else ps, "new TA listeners:", sorted(set(listeners()) - set(before)), flush=True)
        try:
            page.locator(".jp-DebuggerBugButton, button[title*='debugger' i], [data-command='debugger:toggle']").first.click(timeout=5000)
        except Exception as e:
            print("toggle not clicked:", type(e).__name__)
        time.sleep(6)
        ps = subprocess.run("ps -u %d -o args= | grep 'debugpy/adapter' | grep -v grep | wc -l" % os.getuid(), shell=True, capture_output=True, text=True).stdout.strip()
        print("after clicking the bug icon: debugpy adapters:", ps, "new TA listeners:", sorted(set(listeners()) - set(before)), flush=True)
        try:
            g = page.locator(".jp-Notebook .jp-CodeCell .cm-breakpoint-gutter .cm-gutterElement")
            print("gutter elements:", g.count(), flush=True)
            g.nth(1).click(timeout=5000)
        except Exception as e:
            print("gutter not clicked:", type(e).__name__, str(e)[:200])
        time.sleep(4)
        import glob
        for d in glob.glob("/tmp/ipykernel_*"):
            if os.stat(d).st_uid == os.getuid():
                print("TA folder", d, oct(os.stat(d).st_mode & 0o777), [(f, open(os.path.join(d, f)).read()[:60]) for f in os.listdir(d)], flush=True)
shutil.rmtree(base, ignore_errors=True)
