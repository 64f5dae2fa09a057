"""a10 (offline, chromium headless): grapheme clusters lengthened by characters that are not marks (fold_marks cuts
runs of categories Mn/Mc/Me only): emoji skin-tone modifiers (Sk, Grapheme_Extend via Emoji_Modifier), tag characters
U+E0020-E007F (Cf, Grapheme_Extend), prepended concatenation marks U+0600/U+06DD/U+110BD (Cf, Prepend), each run of
1,000 on one base, 50,000 characters; the grader's page_cost/fold_marks shown."""
import sys, time, subprocess
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import page_cost, script_changes, fold_marks
N = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
PATS = {
  "cjk alone": "\u4e00",
  "a + 1000 U+0301 (marks, folded)": "a" + "\u0301" * 1000,
  "thumbs + 1000 skin tones": "\U0001F44D" + "\U0001F3FB" * 1000,
  "flag + 1000 tag chars": "\U0001F3F4" + "\U000E0067" * 1000,
  "1000 prepend U+0600 + a": "\u0600" * 1000 + "\u0661",
  "1000 prepend U+110BD + a": "\U000110BD" * 1000 + "\U00011083",
  "hangul 1000 L + V": "\u1100" * 1000 + "\u1161",
  "skin tone alone x": "\U0001F3FB",
}
which = sys.argv[2:] or list(PATS)
for name in which:
    pat = PATS[name]
    t = (pat * (N // len(pat) + 1))[:N]
    f = fold_marks(t)
    open("/tmp/attack47-root-a10.html", "w").write("<html><meta charset=utf-8><body><p>" + f + "</p></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack47-root-a10.png",
                    "--window-size=1200,800", "file:///tmp/attack47-root-a10.html"], capture_output=True)
    print(f"{name:34s} N={N:,} page_cost={page_cost(t):,} changes={len(script_changes(t))} folded_len={len(f):,} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
