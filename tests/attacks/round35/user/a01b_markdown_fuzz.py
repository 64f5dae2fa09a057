"""a01b: offline fuzz: safe_markdown (the grader's sanitiser) then Formgrader's own markdown2html + strip_files_prefix; prints what the TA's page gets."""
import sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import safe_markdown
from nbconvert.filters.markdown import markdown2html
from nbconvert.filters.strings import strip_files_prefix
P = [
 "$<img src=x onerror=alert(1)>$",
 "$$<img src=x onerror=alert(1)>$$",
 "\\(<img src=x onerror=alert(1)>\\)",
 "$x$ <b>$</b><img src=x onerror=alert(1)>$",
 "`$<img src=x onerror=alert(1)>$`",
 "\\begin{align}<img src=x onerror=alert(1)>\\end{align}",
 "$a&lt;img src=x onerror=alert(1)&gt;$",
 "&lt;img src=x onerror=alert(1)&gt;",
 "$\\lt img src=x onerror=alert(1)\\gt$",
 "<a href='files/x\" onmouseover=alert(1) x=\"'>a</a>",
 "<a href=\"files/x\">a</a>",
 "![x](files/y\" onerror=\"alert(1))",
 "[a](javascript:alert(1))",
 "<a href='jav&#x09;ascript:alert(1)'>x</a>",
 "$$\n<img src=x onerror=alert(1)>\n$$",
 "```\n$<img src=x onerror=alert(1)>$\n```",
]
for p in P:
    s = safe_markdown(p)
    h = strip_files_prefix(markdown2html(s))
    bad = ("<img" in h and "onerror" in h.split("<img",1)[1].split(">",1)[0]) or "javascript:" in h or "onmouseover=" in h.replace("&quot;","\"") and "<a" in h
    print(repr(p)[:60], "->", h[:220], "BAD" if bad else "")
