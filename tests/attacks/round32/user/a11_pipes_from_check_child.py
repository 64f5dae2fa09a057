"""a11: a02's plain-pipe trick from the observer's sandbox: a check's child (training_memory called by the observer)
opens 550 pipes and forks a helper that opens 550 more, then reads the size of a fresh pipe and raises it in its
message (sacrificing this cell) so that it shows in the feedback."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
tm = sol(A, "training_memory").replace("def training_memory(model, optimizer):",
"""def training_memory(model, optimizer):
    import sys as _s, os as _o, fcntl as _f, time as _t
    _ob = _s.modules.get('probes.observer')
    if _ob is not None and getattr(_ob, 'ACTIVE', False):
        ps = [_o.pipe() for _ in range(550)]
        if _o.fork() == 0:
            qs = [_o.pipe() for _ in range(550)]
            _t.sleep(30); _o._exit(0)
        _t.sleep(2)
        r, w = _o.pipe()
        raise RuntimeError('PIPE-SIZE-IN-OBSERVER %d' % _f.fcntl(w, 1032))""")
d = make_course("a11", A, {"mallory": {"training_memory": tm}})
grade(d, A)
scores(d, A)
print([l for l in outputs(d, "mallory", A, "training_memory_counts_tensors").split("\\n") if "PIPE-SIZE" in l][:2])
rep = json.load(open(f"{d}/grading_report.json"))
print("TIMES:", [(o["student"], o["status"], round(o["seconds"], 1)) for o in rep])
