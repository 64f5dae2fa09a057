"""a03 (offline, headless chromium on this 2-core machine): round 45/47 charge each change of Unicode's Script property
(16 characters of the page budgets). A browser also splits text at every change of bidi level, and characters of the
Common script (digits, marks like RLM, isolates) change level without changing script: Hebrew followed by a European
digit ('\u05d01' repeated: digits are level 2 inside RTL text), 'a' + RLM, and isolates (RLI ... PDI). Are they charged,
and what do they cost to paint, against plain 'a' and round 45's charged 'a\u4e00'?"""
import sys, time, subprocess, os
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import page_cost, script_changes
def paint(name, t, limit=300):
    open("/tmp/attack50-user-a03.html", "w").write("<html><meta charset=utf-8><body>" + ("<p>" if os.environ.get("ONELINE") else "<pre>") + t + "</pre></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", str(limit), "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack50-user-a03.png",
                        "--window-size=1200,800", "file:///tmp/attack50-user-a03.html"], capture_output=True)
    print(f"{name:34s} len={len(t):,} script changes={len(script_changes(t)):,} page_cost={page_cost(t):,} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
def lines(unit):
    t = (unit * (N // len(unit)))[:N]
    return t if os.environ.get("ONELINE") else "\n".join(t[i:i + 80] for i in range(0, len(t), 80))
only = sys.argv[2:] 
cases = [("a (baseline)", "a"), ("a\u4e00 (round 45, charged)", "a\u4e00"), ("\u05d01 Hebrew+digit", "\u05d01"),
         ("a+RLM", "a\u200f"), ("RLI a PDI", "\u2067a\u2069"), ("\u05d0a (charged?)", "\u05d0a"), ("\u06271 Arabic+digit", "\u06271")]
for name, unit in cases:
    if not only or any(o in name for o in only):
        paint(name, lines(unit))
