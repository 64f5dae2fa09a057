"""a05's offline measurements: chromium (headless, screenshot) paints one <p> of N characters of a repeated pattern.
usage: python3 a05_offline_chromium.py N PATTERN   (PATTERN with \\u escapes, e.g. 'a\\u4e00', 'a\\u05d0', '\\u4e00\\u4e00')"""
import sys, time, subprocess
n = int(sys.argv[1]); pat = sys.argv[2].encode().decode("unicode_escape")
t = (pat * (n // len(pat) + 1))[:n]
open("/tmp/a05-offline.html", "w").write("<html><meta charset=utf-8><body><p>" + t + "</p></body></html>")
s = time.time()
subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/a05-offline.png",
                "--window-size=1200,800", "file:///tmp/a05-offline.html"], capture_output=True)
print(repr(pat), n, f"{time.time()-s:.1f}s", flush=True)
