"""a13: is a04's file reachable from the observer's check child too (where the student's function runs on the probe's
inputs, in the observer's own sandbox)? mallory's training_memory reads es_shrinker_info on every call (and still
returns the right answer); if the child can read it, her grading time grows by ~0.3 s a call while her score stays."""
import sys, json, os
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
A = "ps1_memory"
def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
            c.source = c.source.replace('"""Bytes of training state', '"""Bytes of training state', 1)
            lines = c.source.split("\n")
            i = next(k for k, l in enumerate(lines) if l.startswith("def training_memory"))
            # after the docstring's closing line, add the read
            j = next(k for k in range(i + 2, len(lines)) if '"""' in lines[k]) + 1 if '"""' not in lines[i + 1].split('"""', 2)[-1] else i + 2
            lines.insert(j, "    import time as _t; _s = _t.time(); open('/proc/fs/ext4/vda/es_shrinker_info').read(); print('ES read in %.0f ms' % ((_t.time() - _s) * 1000))")
            c.source = "\n".join(lines)
    return nb
if __name__ == "__main__":
    d = make_course("a13")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d)
    print({r["student"]: round(r["seconds"], 1) for r in json.load(open(f"{d}/grading_report.json"))})
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", []))
    print("kernel-side reads (printed in cell outputs):", [l for l in text.splitlines() if "ES read" in l])
    for l in open(f"{d}/grading_logs/{MALLORY}.log") if os.path.exists(f"{d}/grading_logs/{MALLORY}.log") else []:
        pass
    shutil.rmtree(d)
