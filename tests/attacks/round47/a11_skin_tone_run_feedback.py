"""a11: a10's finding through the real grading: a run of emoji skin-tone modifiers (U+1F3FB..1F3FF, category Sk, not a
mark, so fold_marks leaves it; Grapheme_Extend, so a browser lays the whole run out as one cluster, as round 43's
combining marks) in each written answer (49,900) and 4 extra markdown cells; feedback pages painted by headless
chromium (limit 600 s). Controls aaron, zoe."""
import sys, time, subprocess, json, os
from harness import *
import nbformat
RUN = "\U0001F3FB\U0001F3FC\U0001F3FD\U0001F3FE\U0001F3FF"
def text(n): return "\U0001F44D" + (RUN * (n // 5 + 1))[:n - 1]
m = nb_for("ps1_memory")
for c in m.cells:
    if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution"):
        c.source = text(49_900)
m.cells[len(m.cells) - 1:len(m.cells) - 1] = [nbformat.v4.new_markdown_cell(text(49_900)) for _ in range(4)]
tag = "a11"
d = course(tag)
for st, nb in (("aaron", nb_for("ps1_memory")), ("mallory", m), ("zoe", nb_for("ps1_memory"))):
    hand_in(d, st, "ps1_memory", nb)
r = grade(d, "ps1_memory"); sc = scores(d, "ps1_memory")
g = f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb"
if os.path.exists(g):
    nb = json.load(open(g))
    k = sum("".join(c["source"]).count("\U0001F3FB") for c in nb["cells"])
    print(f"graded notebook of mallory: {k:,} U+1F3FB kept in sources")
for s in ("aaron", "mallory", "zoe"):
    f = f"{d}/feedback/{s}/ps1_memory/ps1_memory.html"
    if not os.path.exists(f): print(s, "no feedback page"); continue
    t = time.time()
    rr = subprocess.run(["timeout", "600", "chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot=/tmp/attack47-root-{tag}.png",
                         "--window-size=1200,800", "file://" + f], capture_output=True)
    print(f"{s}: feedback page {os.path.getsize(f):,} bytes, {open(f, encoding='utf-8').read().count(chr(0x1F3FB)):,} U+1F3FB, painted by chromium in {time.time()-t:.1f}s (rc {rr.returncode}; 124 = killed at 600 s)", flush=True)
shutil.rmtree(d, ignore_errors=True)
