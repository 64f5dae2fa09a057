"""a12 (offline, headless chromium): how a10's single cluster grows: N skin-tone modifiers after one base for N =
2,000, 5,000, 10,000, 20,000 (superlinear, as round 43's marks), and the other Grapheme_Extend characters that are no
mark: HALFWIDTH KATAKANA VOICED SOUND MARK U+FF9E (category Lm), ZWJ U+200D (Cf)."""
import sys, time, subprocess
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import page_cost, fold_marks
def paint(name, t, limit=90):
    f = fold_marks(t)
    open("/tmp/attack47-root-a12.html", "w").write("<html><meta charset=utf-8><body><p>" + f + "</p></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", str(limit), "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack47-root-a12.png",
                        "--window-size=1200,800", "file:///tmp/attack47-root-a12.html"], capture_output=True)
    print(f"{name:40s} len={len(t):,} page_cost={page_cost(t):,} folded_len={len(f):,} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
for n in (1000, 3000, 10000):
    paint(f"👍 + {n:,} U+1F3FB", "\U0001F44D" + "\U0001F3FB" * n)
paint("ｱ + 10,000 U+FF9E (Lm)", "\uff71" + "\uff9e" * 10000)
paint("a + 10,000 ZWJ", "a" + "\u200d" * 10000)
