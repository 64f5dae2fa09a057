"""a02: forge points through the notebook's structure, no answer written (each hostile hand-in is the release
notebook, every answer cell left as `raise NotImplementedError`, so an honest score is 0):
 m1  a new locked grade cell `bonus` worth 30 points (`pass`)
 m2  every test cell duplicated before itself with the same grade_id and `pass` as source
 m3  every test cell turned into a markdown cell (nothing runs, nothing fails)
 m4  every test cell stripped of its nbgrader metadata, and a new markdown cell carrying its metadata instead
 m5  every test cell turned into a raw cell
 m6  every test cell's source replaced by `pass` and its metadata `checksum` dropped, cell ids duplicated
Controls aaron (first) and zoe (last) honest."""
from common import *
import copy, uuid

def release():
    return nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", as_version=4)

def meta(c): return c.get("metadata", {}).get("nbgrader", {})
def is_test(c): return meta(c).get("grade") and not meta(c).get("solution") and c.cell_type == "code"

def m1():
    nb = release()
    cell = nbformat.v4.new_code_cell("pass")
    cell.metadata["nbgrader"] = {"grade": True, "grade_id": "bonus", "locked": True, "points": 30, "schema_version": 3, "solution": False, "task": False}
    nb.cells.insert(3, cell); return nb
def m2():
    nb = release(); out = []
    for c in nb.cells:
        if is_test(c):
            d = copy.deepcopy(c); d.source = "pass"; d["id"] = uuid.uuid4().hex[:8]; out.append(d)
        out.append(c)
    nb.cells = out; return nb
def m3():
    nb = release(); out = []
    for c in nb.cells:
        if is_test(c):
            d = nbformat.v4.new_markdown_cell(c.source); d.metadata = c.metadata; out.append(d)
        else: out.append(c)
    nb.cells = out; return nb
def m4():
    nb = release(); out = []
    for c in nb.cells:
        if is_test(c):
            m = c.metadata.pop("nbgrader"); d = nbformat.v4.new_markdown_cell("ok"); d.metadata["nbgrader"] = m
            c.source = "pass"; out += [c, d]
        else: out.append(c)
    nb.cells = out; return nb
def m5():
    nb = release(); out = []
    for c in nb.cells:
        if is_test(c):
            d = nbformat.v4.new_raw_cell(c.source); d.metadata = c.metadata; out.append(d)
        else: out.append(c)
    nb.cells = out; return nb
def m6():
    nb = release()
    for c in nb.cells:
        if is_test(c):
            c.source = "pass"; meta(c).pop("checksum", None); c["id"] = "dup"
    return nb

c = make_course("a02")
hand_in(c, "aaron", honest())
for name, f in (("m1", m1), ("m2", m2), ("m3", m3), ("m4", m4), ("m5", m5), ("m6", m6)):
    p = f"{c}/submitted/mallory{name}/ps1_memory"; os.makedirs(p)
    with open(f"{p}/ps1_memory.ipynb", "w") as fh:
        json.dump(f(), fh)   # raw JSON: nbformat.write would validate/fix
hand_in(c, "zoe", honest())
grade(c)
print(open(c + "/grades.csv").read())
report(c)
