# a07 (root): script in the feedback page through outputs of every rich type (the feedback claims outputs are
# sanitised by nbconvert, HTMLExporter.sanitize_html). An answer cell displays text/html, text/markdown,
# image/svg+xml, application/javascript and text/latex payloads, each carrying a marker; the feedback HTML is
# searched for each marker next to an executable construct (<script, onerror=, javascript:).
# RESULT (root, 05:31 UTC): HELD. Every payload reaches the feedback only escaped (&lt;img ... onerror=, &quot; inside
# the PNG data URI), SVG and JavaScript outputs are dropped; the script's "LIVE?" flag is a naive context match
# (the escaped text and the highlighted cell source), see a07.out.txt.
import os, sys, glob, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched

CELL = r'''
from IPython.display import publish_display_data
publish_display_data({"text/html": '<img src=x onerror="alert(\'XSS-HTML\')"><script>alert("XSS-HTML2")</script>'})
publish_display_data({"text/markdown": '<img src=x onerror="alert(\'XSS-MD\')"> [x](javascript:alert("XSS-MDLINK"))'})
publish_display_data({"image/svg+xml": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(\'XSS-SVG\')"><script>alert("XSS-SVG2")</script></svg>'})
publish_display_data({"application/javascript": 'alert("XSS-JS")'})
publish_display_data({"text/latex": '$x$ <img src=x onerror="alert(\'XSS-LATEX\')">'})
publish_display_data({"image/png": 'iVBORw0KGgo" onerror="alert(\'XSS-PNG\')'})
publish_display_data({"text/plain": "plain"}, metadata={"image/png": {"width": '1" onerror="alert(\'XSS-META\')'}})
'''
dest = ac.make_course("r5-a07", {"xss": ac.notebook(append={"training_memory": CELL})})
grade_watched(dest)
for f in glob.glob(f"{dest}/feedback/xss/ps1_memory/*.html"):
    html = open(f).read()
    for tag in ("XSS-HTML", "XSS-HTML2", "XSS-MD", "XSS-MDLINK", "XSS-SVG", "XSS-SVG2", "XSS-JS", "XSS-LATEX", "XSS-PNG", "XSS-META"):
        for m in re.finditer(re.escape(tag), html):
            ctx = html[max(0, m.start() - 160):m.end() + 20]
            live = bool(re.search(r"<script|onerror=|onload=|javascript:", ctx, re.I))
            print(tag, "LIVE?" if live else "inert", repr(ctx[-200:]))
