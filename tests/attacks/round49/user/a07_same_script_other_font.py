"""A07 (offline, headless chromium on this 2-core machine, then through a real feedback page): round 47 counts
changes of Unicode's Script property (16 characters of the page budgets each, `script_changes` in
grader/feedback.py). But a browser splits text by font, not only by script: characters of the Latin script that the
Latin font lacks (the fullwidth forms U+FF21.., Latin Extended-D U+A720..) need a fallback font (here: none has them),
so `aＡaＡ...` or `aꞀaꞀ...` is a font change at every character, and no script change at all. Compared with
`a一a一...` (round 45's text, charged) and plain `a`."""
import sys, time, subprocess, os
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import page_cost, script_changes
def paint(name, t, limit=300):
    open("/tmp/attack49-user-a07.html", "w").write("<html><meta charset=utf-8><body>" + ("<p>" if os.environ.get("ONELINE") else "<pre>") + "" + t + "</pre></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", str(limit), "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack49-user-a07.png",
                        "--window-size=1200,800", "file:///tmp/attack49-user-a07.html"], capture_output=True)
    print(f"{name:30s} len={len(t):,} script changes={len(script_changes(t)):,} page_cost={page_cost(t):,} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
def lines(unit):  # lines of 80 characters, as code is
    t = (unit * (N // len(unit)))[:N]
    return t if os.environ.get("ONELINE") else "\n".join(t[i:i + 80] for i in range(0, len(t), 80))
paint("a (baseline)", lines("a"))
paint("a一 (round 45, charged)", lines("a\u4e00"))
paint("aＡ fullwidth (Latin script)", lines("a\uff21"))
paint("aꞀ Latin Ext-D (Latin script)", lines("a\ua780"))
