"""a07 (offline, chromium headless as in round 46's user a01): round 46 tells scripts by the first word of each
character's Unicode name. Words that Unicode uses for a form, not a script, span scripts: HALFWIDTH (Katakana,
Hangul), CIRCLED (Latin, Hangul, Katakana), PARENTHESIZED (Hangul, Han), MODIFIER LETTER (Latin, Greek), MATHEMATICAL,
CJK (BMP and Extension B, other fonts). Each text: N characters in one <p>; the grader's own page_cost and
script_changes shown, chromium's paint time measured; baselines: one character repeated, and `a一` (charged)."""
import sys, time, subprocess
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import page_cost, script_changes
N = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
PATS = {
  "cjk alone": "\u4e00",
  "a+han (charged, round 45)": "a\u4e00",
  "halfwidth kata+hangul": "\uff71\uffa1",
  "circled hangul+katakana": "\u3260\u32d0",
  "circled latin+hangul": "\u24d0\u3260",
  "circled latin+hangul+katakana": "\u24d0\u3260\u32d0",
  "paren hangul+ideograph": "\u3200\u3220",
  "cjk bmp+ext B": "\u4e00\U00020000",
  "math bold+fraktur": "\U0001d400\U0001d504",
  "modifier latin+greek": "\u1d43\u1d5d",
}
which = sys.argv[2:] or list(PATS)
for name in which:
    pat = PATS[name]
    t = (pat * (N // len(pat) + 1))[:N]
    open("/tmp/attack47-root-a07.html", "w").write("<html><meta charset=utf-8><body><p>" + t + "</p></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack47-root-a07.png",
                    "--window-size=1200,800", "file:///tmp/attack47-root-a07.html"], capture_output=True)
    print(f"{name:32s} N={N:,} page_cost={page_cost(t):,} script_changes={len(script_changes(t))} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
