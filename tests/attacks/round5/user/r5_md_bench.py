import time, sys, signal
import os; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
from grader.feedback import safe_markdown
cases = {
 "tags1999": "<b>x</b>" * 999 + "y" * 40000,
 "emph": "*a " * 16000,
 "emph2": "*a_" * 16000,
 "brackets": "[" * 49000,
 "brackets_paren": "[a](" * 12000,
 "quote": ">" * 49000,
 "quote_nl": "> a\n" * 12000,
 "list_nested": "".join("  " * i + "- x\n" for i in range(300)),
 "backticks": "`a" * 24000,
 "link_ref": "".join(f"[{i}]: http://x/{i}\n" for i in range(3000)) + "[1] " * 8000,
 "star_under": "**_" * 16000,
 "amp": "&#" * 24000,
 "lt_excl": "<!" * 24000,
 "lt_q": "<?" * 24000,
 "lt_a": "<a " * 1999 + "x" * 40000,
 "autolink": "<http://a" * 1999,
 "table": "|a" * 100 + "|\n" + "|-" * 100 + "|\n" + ("|a" * 100 + "|\n") * 200,
}
only = sys.argv[1:] or list(cases)
for k in only:
    v = cases[k][:50000]
    signal.alarm(60)
    t = time.time()
    try:
        out = safe_markdown(v)
        print(f"{k:15s} len={len(v)} '<'={v.count('<')} {time.time()-t:.2f}s out={len(out)}", flush=True)
    except Exception as e:
        print(f"{k:15s} {type(e).__name__} {time.time()-t:.2f}s", flush=True)
