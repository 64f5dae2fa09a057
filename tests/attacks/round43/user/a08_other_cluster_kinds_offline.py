"""a08 (offline): which other 50,000-character single clusters cost chromium what a07's combining acute does: variation
selectors (U+FE0F), zero-width joiners (U+200D), Hangul vowel jamo after a leading consonant (U+1161), a Devanagari
consonant with nukta/virama stacks; each page painted by headless chromium, timed (plain 'a' x 50,000 for reference)."""
import subprocess, time, sys
N = 50000
kinds = {"plain a": "a" * N, "combining acute": "a" + "\u0301" * N, "variation selector FE0F": "a" + "\ufe0f" * N,
         "ZWJ": "a" + "\u200d" * N, "hangul V jamo": "\u1100" + "\u1161" * N, "devanagari virama+ka": "\u0915" + "\u094d\u0915" * (N // 2)}
for name, text in kinds.items():
    f = f"/tmp/attack43-user-a08/{name.replace(' ', '_')}.html"
    open(f, "w").write("<html><body><pre>" + text + "</pre></body></html>")
    t = time.time()
    r = subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack43-user-a08/s.png", "--window-size=1200,800", "file://" + f], capture_output=True)
    print(f"{name:28} {len(text):,} chars: painted in {time.time()-t:.1f}s (rc {r.returncode})", flush=True)

# second run: mixed combining classes (above/below alternating) and an enclosing mark, 50,000 each
more = {"acute+grave-below alternating": "a" + "\u0301\u0316" * (N // 2), "enclosing circle U+20DD": "a" + "\u20dd" * N}
for name, text in more.items():
    f = f"/tmp/attack43-user-a08/{name.replace(' ', '_').replace('+', '_')}.html"
    open(f, "w").write("<html><body><pre>" + text + "</pre></body></html>")
    t = time.time()
    r = subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack43-user-a08/s.png", "--window-size=1200,800", "file://" + f], capture_output=True)
    print(f"{name:28} {len(text):,} chars: painted in {time.time()-t:.1f}s (rc {r.returncode})", flush=True)
