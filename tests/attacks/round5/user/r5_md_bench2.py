import time, sys
import os; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
from grader.feedback import safe_markdown
def table(cols, rows):
    return "|a" * cols + "|\n" + "|-" * cols + "|\n" + ("|a" * cols + "|\n") * rows
cases = {
 "table_wide": table(2000, 11),
 "table_500x48": table(500, 48),
 "table_20x1200": table(20, 1200),
 "star_under_b": "**_`" * 12000,
 "under_star": "_*" * 24000,
 "table_star": ("|**_" * 100 + "|\n") + "|-" * 100 + "|\n" + ("|**_" * 100 + "|\n") * 100,
 "tildes": "~~a" * 16000,
 "mixed": "*_[`" * 12000,
}
for k, v in cases.items():
    v = v[:50000]
    t = time.time()
    out = safe_markdown(v)
    print(f"{k:15s} len={len(v)} {time.time()-t:.2f}s out={len(out)}", flush=True)
