"""a04: a01's escape against round 41's other new rule, the scan count (at most 32 SOS markers): a 4096 x 4096
progressive JPEG whose AC scans are repeated (jpegscans.py, round 41's a05) with everything after SOI+comment written
as %XX escapes. The course's image_size against what a browser decodes (PIL on the percent-decoded text)."""
import sys, io, time, base64, urllib.parse
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))); sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from grader.feedback import image_size
from jpegscans import small_scans
from pctjpeg import disguise
from PIL import Image
for copies in (100, 2500):
    j, _ = small_scans(4096, 4096, copies)
    plain = base64.b64encode(j).decode(); hidden = disguise(j)
    raw = base64.b64decode(urllib.parse.unquote(hidden))
    n = raw.count(bytes([255, 218])); print(f"{copies} copies: {n} scans, {len(hidden):,} characters; course: plain -> {image_size('image/jpeg', plain)}, "
          f"escaped -> {image_size('image/jpeg', hidden)}; browser's bytes == the JPEG: {raw == j}")
    t = time.time(); im = Image.open(io.BytesIO(raw)); im.load(); print(f"  PIL decodes the browser's bytes: {im.size} in {time.time()-t:.1f}s")
