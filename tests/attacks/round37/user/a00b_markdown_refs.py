"""MathJax commands spelled so that the sanitiser's regex misses them: numeric references without ';', &bsol;, &#92,
math split across tags; printed as safe_markdown renders them (what Formgrader and the feedback page show)."""
import sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import safe_markdown
B = chr(92)
for s in [f"${B}cssI&#100{{x}}{{y}}$", f"${B}cssI&#100;{{x}}{{y}}$", f"${B}cssI&#x64{{x}}$", f"${B}css&#73d{{x}}$",
          "$&bsol;cssId{x}{y}$", "$&bsolcssId$", f"${B}href{{javascript:alert(1)}}{{x}}$", f"${B}cssI&#0100{{x}}$",
          f"{B}cssI&#100{{x}}{{y}}", f"{B}cssI&#100;{{x}}", f"<span>{B}cssI&#100{{x}}</span>", f"<span>${B}cssI&#100</span>{{x}}{{y}}$",
          f"{B}cs&#115Id{{a}}{{b}}", "&#92cssId{a}{b}", f"{B}{B}(&#92cssId{{a}}{{b}}{B}{B})", f"${B}css<br>Id{{a}}{{b}}$"]:
    print(repr(s), "->", safe_markdown(s))
