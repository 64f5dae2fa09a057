"""a08: which texts Python's base64.b64decode (validate=False, what image_size uses) and a browser's data: URL decoder
(percent-decoding, then WHATWG forgiving-base64: ASCII whitespace removed, '=' only at the end) read differently.
Offline: for each form, what Python decodes and whether the browser (chromium) shows the image."""
import base64, io, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import image_size
from PIL import Image
from playwright.sync_api import sync_playwright
b = io.BytesIO(); Image.new("L", (37, 23), 9).save(b, "JPEG"); t = base64.b64encode(b.getvalue()).decode()
forms = {"plain": t, "percent (a01)": t[:8] + "".join("%%%02X" % ord(c) for c in t[8:]),
         "'=' in the middle": t[:8] + "==" + t[8:], "'!' in the middle": t[:8] + "!" + t[8:],
         "tab/newline/formfeed": t[:8] + "\t\n\x0c" + t[8:], "vertical tab (Python strips, WHATWG not)": t[:8] + "\x0b" + t[8:],
         "'%' alone": t[:8] + "%" + t[8:]}
html = "".join(f'<img title="{k}" src="data:image/jpeg;base64,{v}">' for k, v in forms.items())
open("/tmp/a42u_a08.html", "w").write(html)
with sync_playwright() as pw:
    br = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    pg = br.new_page(); pg.goto("file:///tmp/a42u_a08.html"); pg.wait_for_timeout(500)
    shown = dict(pg.evaluate("Array.from(document.images).map(i => [i.title, i.naturalWidth + 'x' + i.naturalHeight])"))
    br.close()
for k, v in forms.items():
    try:
        py = base64.b64decode(v)[:4].hex()
    except Exception as e:
        py = type(e).__name__
    print(f"{k:45s} course image_size {str(image_size('image/jpeg', v)):10s} python first bytes {py:12s} chromium {shown.get(k)}")
