"""a06: grapheme clusters of unbounded length that fold_marks does not cut because no run of marks/extenders is
longer than 1: Hangul conjoining jamo (L+ V+ T+, UAX #29 GB6-8, all letters), Devanagari conjunct chains
(consonant+virama, GB9c), emoji ZWJ chains (emoji ZWJ emoji ..., GB11), regional indicators. Pre-check in headless
chromium (what the TA's browser does with such text) before building a hand-in: screenshot time vs ASCII."""
import time, subprocess, os
d = "/tmp/attack48-root-a06pre"; os.makedirs(d, exist_ok=True)
cases = {"ascii": "a" * 50000, "hangul_L": "\u1100" * 50000, "hangul_LV": "\u1100" * 25000 + "\u1161" * 25000,
         "hangul_LVT": "\u1100" * 16000 + "\u1161" * 17000 + "\u11a8" * 17000, "deva_conjunct": "\u0915\u094d" * 25000,
         "hangul_syll_T": "\uac00" + "\u11a8" * 49999}
for n in (2000, 8000):
    cases[f"emoji_zwj_{n}"] = "\U0001F600\u200d" * n
    cases[f"woman_zwj_{n}"] = "\U0001F469\u200d" * n
    cases[f"ri_{n}"] = "\U0001F1E6" * (2 * n)
    cases[f"ascii_{n}"] = "ab" * n
for name, text in cases.items():
    open(f"{d}/{name}.html", "w").write(f"<!doctype html><meta charset=utf-8><body><p>{text}</p></body>")
    t = time.time()
    try:
        rc = subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             f"--screenshot={d}/{name}.png", "--window-size=1280,800", f"file://{d}/{name}.html"],
                            capture_output=True, timeout=160).returncode
    except subprocess.TimeoutExpired:
        rc = "timeout"
    print(f"{name:18s} {len(text):6d} chars {time.time() - t:7.1f} s rc={rc}", flush=True)
