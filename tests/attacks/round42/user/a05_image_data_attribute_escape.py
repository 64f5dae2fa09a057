"""a05: the image's text goes into `src="data:image/...;base64,{{ data }}"`: can a quote in it add attributes
(width, onerror, style), or a character reference (&#x41;) make the browser read other characters than the course
(as a01's %XX does)? nbconvert's lab template, sanitised and not."""
import nbformat
from nbconvert import HTMLExporter
nb = nbformat.v4.new_notebook()
c = nbformat.v4.new_code_cell("x")
c.outputs = [nbformat.v4.new_output("display_data", data={"image/jpeg": '/9j/" width="100000" height="100000" onerror="alert(1)" style="position:fixed;top:0;left:0;width:100%;height:100%" alt="'}),
             nbformat.v4.new_output("display_data", data={"image/jpeg": "/9j/&#x41;%41"})]
nb.cells = [c]
for san in (True, False):
    e = HTMLExporter(template_name="lab"); e.sanitize_html = san
    h, _ = e.from_notebook_node(nb)
    at = 0
    while (i := h.find("data:image/jpeg", at)) >= 0:
        print("sanitize_html", san, repr(h[i - 6:i + 170])); at = i + 1
