"""a06: character references without a semicolon (`&#92cssId`, `&#x5c`, `&bsol`), which HTML parsers decode
anyway, to spell a MathJax command the inert_math regex looks for only as text (its reference pass needs the ';')."""
import sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import safe_markdown
for s in ['$&#92cssId{quiz_q1}{x}$', '$&#x5ccssId{quiz_q1}{x}$', '$&#0092cssId{a}{b}$', '$&bsol;cssId{a}{b}$',
          '$&bsolcssId$', '&#92;cssId{a}{b}', '&#92cssId{a}{b}', '`&#92cssId`']:
    print(repr(s), '->', safe_markdown(s))
