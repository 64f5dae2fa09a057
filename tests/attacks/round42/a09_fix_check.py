"""a09: the suggested fix against a01/a03's payloads: strict decoding (whitespace removed, then validate=True)
refuses every escaped payload and accepts the plain ones (which the caps then measure as the browser does)."""
import base64, binascii, re, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from pngbomb import png, find
from jpegbomb import big_jpeg, smuggle
def strict(text):
    try:
        return base64.b64decode(re.sub(r"[\t\n\f\r ]", "", text), validate=True)
    except (binascii.Error, ValueError):
        return None
B = base64.b64encode(png(20000, 20000)).decode(); T, _ = find(B)
TJ, BJ = smuggle(big_jpeg(20000, 20000))
for name, t in [("png plain", B), ("png escaped", T), ("jpeg plain", BJ), ("jpeg escaped", TJ)]:
    raw = strict(t)
    print(name, "strict decode:", "refused" if raw is None else f"{len(raw)} bytes")
