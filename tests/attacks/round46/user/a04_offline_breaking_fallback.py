"""a04 (offline): single-block texts (charged no script change) whose cost to a browser may be high for another
reason: dictionary line breaking (Thai, Lao, Khmer, Myanmar without spaces: ICU's break engines), glyphs no font has
(private use, unassigned: a font-fallback search per character), and many distinct CJK Ext-B ideographs ('cjk').
N characters in one <p>, headless chromium screenshot."""
import sys, time, subprocess, random
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import page_cost
N = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
random.seed(1)
def rnd(lo, hi): return "".join(chr(random.randint(lo, hi)) for _ in range(N))
TEXTS = {
  "plain aa": lambda: "a" * N,
  "cjk alone": lambda: "\u4e00" * N,
  "a+han (charged)": lambda: ("a\u4e00" * N)[:N],
  "thai letters random": lambda: rnd(0x0E01, 0x0E2E),
  "thai word repeated": lambda: ("\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35" * N)[:N],
  "lao random": lambda: rnd(0x0E81, 0x0EAE),
  "khmer random": lambda: rnd(0x1780, 0x17A2),
  "myanmar random": lambda: rnd(0x1000, 0x102A),
  "private use random": lambda: rnd(0xE000, 0xE07F),
  "cjk ext-b random": lambda: rnd(0x20000, 0x2A6DF),
  "cjk basic random": lambda: rnd(0x4E00, 0x9FFF),
}
for name in sys.argv[2:] or TEXTS:
    t = TEXTS[name]()
    open("/tmp/attack46-user-a04.html", "w").write("<html><meta charset=utf-8><body><p>" + t + "</p></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack46-user-a04.png",
                        "--window-size=1200,800", "file:///tmp/attack46-user-a04.html"], capture_output=True)
    print(f"{name:24s} N={N:,} page_cost={page_cost(t):,} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
