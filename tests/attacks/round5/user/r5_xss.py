import nbformat.v4 as v4
from nbconvert import HTMLExporter
from traitlets.config import Config
nb = v4.new_notebook()
c = v4.new_code_cell("x")
P = "alert(1)"
c.outputs = [
 v4.new_output("display_data", data={"image/svg+xml": f'<svg xmlns="http://www.w3.org/2000/svg" onload="{P}"><script>{P}</script></svg>'}),
 v4.new_output("display_data", data={"text/html": f'<img src=x onerror="{P}"><script>{P}</script>'}),
 v4.new_output("display_data", data={"application/javascript": P}),
 v4.new_output("display_data", data={"text/latex": r"$\href{javascript:alert(1)}{x}$"}),
 v4.new_output("display_data", data={"text/markdown": f'<img src=x onerror="{P}"> [a](javascript:{P})'}),
 v4.new_output("display_data", data={"image/png": 'AAAA"><script>alert(1)</script>'}),
 v4.new_output("display_data", data={"text/plain": "plain"}, metadata={"image/png": {"width": '1" onerror="alert(1)'}}),
]
nb.cells.append(c)
cfg = Config(); cfg.HTMLExporter.sanitize_html = True
html, _ = HTMLExporter(config=cfg).from_notebook_node(nb)
import re
body = html[html.find("<body"):]
for pat in ["onload", "onerror", "<script>alert", "javascript:", "application/javascript", "alert(1)"]:
    for m in re.finditer(re.escape(pat), body):
        print(pat, "::", body[max(0,m.start()-120):m.end()+60].replace("\n"," "))
        break
