"""Which link forms survive safe_markdown (what Formgrader and the feedback page show): scheme spellings bleach might
miss, and the relative/absolute-path forms a20/a27 used."""
import sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import safe_markdown
for href in ["javascript:alert(1)", "java\tscript:alert(1)", "javascript&colon;alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)",
             "data:text/html,<script>alert(1)</script>", "vbscript:x", "//evil.example/x", "/./files/x.html", "..%2fx.html",
             "x.html", "?next=/x", "#frag", "%6Aavascript:alert(1)", "http://ok.example/"]:
    out = safe_markdown(f'<a href="{href}">L</a> and [M]({href})')
    print(repr(href), "->", out)
