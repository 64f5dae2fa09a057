"""a08: a07's `㉠㋐` (CIRCLED HANGUL KIYEOK, CIRCLED KATAKANA A: one word, CIRCLED, to the grader; Hangul and
Katakana to a browser) through the real grading, as round 46's user a06 did for `😀1`: every written answer, 4 extra
markdown cells of 49,900 characters and 10 code cells printing 19,900; feedback pages painted by headless chromium.
Controls aaron, zoe (honest). Argument `charged`: the same budgets with `a一` (charged 16 a change) for comparison."""
import sys, time, subprocess, json, os
from harness import *
import nbformat
CHARGED = "charged" in sys.argv
PAIR = "a\u4e00" if CHARGED else "\u3260\u32d0"
def text(n): return (PAIR * (n // 2 + 1))[:n]
m = nb_for("ps1_memory")
for c in m.cells:
    if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution"):
        c.source = text(49_900)
extra = [nbformat.v4.new_markdown_cell(text(49_900)) for _ in range(4)]
extra += [nbformat.v4.new_code_cell(f"print(('{PAIR}' * 10000)[:19900])  # " + text(19_850)) for _ in range(10)]
m.cells[len(m.cells) - 1:len(m.cells) - 1] = extra
tag = "a08c" if CHARGED else "a08"
d = course(tag)
for st, nb in (("aaron", nb_for("ps1_memory")), ("mallory", m), ("zoe", nb_for("ps1_memory"))):
    hand_in(d, st, "ps1_memory", nb)
r = grade(d, "ps1_memory"); sc = scores(d, "ps1_memory")
for s in ("aaron", "mallory", "zoe"):
    f = f"{d}/feedback/{s}/ps1_memory/ps1_memory.html"
    if not os.path.exists(f): print(s, "no feedback page"); continue
    t = time.time()
    rr = subprocess.run(["timeout", "600", "chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot=/tmp/attack47-root-{tag}.png",
                         "--window-size=1200,800", "file://" + f], capture_output=True)
    print(f"{s}: feedback page {os.path.getsize(f):,} bytes painted by chromium in {time.time()-t:.1f}s (rc {rr.returncode})", flush=True)
g = f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb"
if os.path.exists(g):
    nb = json.load(open(g))
    n = sum(len("".join(c["source"])) + sum(len("".join(o.get("text", ""))) for o in c.get("outputs", [])) for c in nb["cells"])
    k = sum(("".join(c["source"]) + "".join("".join(o.get("text", "")) for o in c.get("outputs", []))).count(PAIR[1]) for c in nb["cells"])
    print(f"graded notebook of mallory: {n:,} characters in sources+outputs, {k:,} of {PAIR[1]!r}")
shutil.rmtree(d, ignore_errors=True)
