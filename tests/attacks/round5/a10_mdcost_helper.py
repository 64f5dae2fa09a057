# a10 helper (root, 05:41 UTC): time of grader.feedback.safe_markdown on one capped cell of each shape.
# RESULT: table (8,000 rows, 48 KB, no '<') 10.985 s; backticks 2.2 s; everything else <= 0.6 s (see a10's header).
import time, sys
import os; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
from grader.feedback import safe_markdown, MAX_MARKDOWN_CHARS, MAX_MARKDOWN_TAGS
cands = {
 "nested_div": "<div>" * 999 + "x" + "</div>" * 999,
 "nested_span_em": ("<em>" * 500 + "x" + "</em>" * 500) * 2,
 "emph_stars": "*a " * 16000,
 "links": "[a](http://x/" + "a" * 10 + ") " * 2000,
 "table": "|a|b|\n|-|-|\n" + "|x|y|\n" * 8000,
 "list_nest": "".join("  " * i + "- x\n" for i in range(2000))[:MAX_MARKDOWN_CHARS],
 "brackets": "[" * 49000,
 "backticks": "`a" * 24000,
 "lt_no_tag": "a<b " * 1990 + "c" * 40000,
 "underscores": "_a" * 24900,
}
for k, v in cands.items():
    v = v[:MAX_MARKDOWN_CHARS]
    t = time.time()
    out = safe_markdown(v)
    print(f"{k:15s} chars={len(v)} tags<={v.count('<')} {time.time()-t:7.3f}s out={len(out)}")
