"""a07 (offline): round 45's cut of marks runs last on the final HTML, but treats a whole tag `<...>` as one token:
marks *inside* a tag (a link's `title`, which _link_attribute keeps) are never counted. Character references in the
title are spelled out by inert_math after the source fold. What survives safe_markdown, and does a browser pay?"""
import sys, re, time, subprocess
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import safe_markdown
src = '[x](https://example.com "a' + ("\u0301" * 30 + "&#769;") * 1300 + '")'
print("source chars", len(src))
html = safe_markdown(src)
runs = [len(m) for m in re.findall(r"[\u0300-\u036f]+", html)]
print("html chars", len(html), "longest run of marks in the HTML:", max(runs) if runs else 0)
open("/tmp/attack46-user-a07.html", "w").write("<html><meta charset=utf-8><body>" + html * 6 + "</body></html>")
s = time.time()
subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack46-user-a07.png",
                "--window-size=1200,800", "file:///tmp/attack46-user-a07.html"], capture_output=True)
print(f"paint of 6 such links (title not shown until hovered): {time.time()-s:.1f}s")
