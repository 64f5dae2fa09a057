"""A06 (offline, headless chromium on this 2-core machine): round 47 cuts runs of >30 *consecutive* cluster extenders
(marks, ZWJ, skin tones, ...). UAX #29 also makes unbounded grapheme clusters out of characters that are not
extenders or are separated by other characters: Hangul conjoining jamo (GB6-8: L* V+ T*, all category Lo), emoji ZWJ
chains (GB11: pictograph ZWJ pictograph ZWJ ..., each ZWJ a run of one), Indic conjunct chains (GB9c: consonant virama
consonant virama ..., each virama a run of one). Does fold_marks leave them whole, and what do they cost a browser to
paint, against the same number of plain letters?"""
import sys, time, subprocess
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import page_cost, fold_marks
def paint(name, t, limit=100):
    f = fold_marks(t, html=True)
    open("/tmp/attack48-user-a06.html", "w").write("<html><meta charset=utf-8><body><p>" + f + "</p></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", str(limit), "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack48-user-a06.png",
                        "--window-size=1200,800", "file:///tmp/attack48-user-a06.html"], capture_output=True)
    print(f"{name:34s} len={len(t):,} page_cost={page_cost(t):,} folded_len={len(f):,} cut={'[+' in f} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
N = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
paint(f"{N:,} x 'a' (baseline)", "a" * N)
paint(f"{N:,} x U+1100 Hangul L jamo", "\u1100" * N)
paint(f"L/V/T jamo {N:,}", "\u1100" * (N // 3) + "\u1161" * (N // 3) + "\u11a8" * (N // 3))
paint(f"{N // 2:,} x (man ZWJ)", "\U0001F468\u200d" * (N // 2))
paint(f"{N // 2:,} x (KA virama) Devanagari", "\u0915\u094d" * (N // 2))
