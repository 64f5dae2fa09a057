import io, struct, time
from PIL import Image
def segments(j):
    """[(marker, bytes_of_whole_segment_including_entropy_data_after_SOS)]"""
    out = []; at = 2
    while at < len(j):
        assert j[at] == 0xFF, at
        m = j[at+1]
        if m == 0xD9: out.append((m, j[at:at+2])); break
        ln = struct.unpack(">H", j[at+2:at+4])[0]; end = at + 2 + ln
        if m == 0xDA:
            while not (j[end] == 0xFF and j[end+1] not in (0, *range(0xD0, 0xD8))): end += 1
        out.append((m, j[at:end])); at = end
    return out
def many_scans(W, H, copies, k=0):
    b = io.BytesIO(); Image.new("L", (W, H), 128 + k % 64).save(b, "JPEG", quality=90, progressive=True)
    j = b.getvalue(); seg = segments(j)
    scans = [s for m, s in seg if m in (0xDA, 0xC4)]
    head = b"\xff\xd8" + b"".join(s for m, s in seg if m not in (0xDA, 0xC4, 0xD9))
    # all original scans (with their tables), then the whole scan list again `copies` times
    return head + b"".join(scans) * (1 + copies) + b"\xff\xd9"

def small_scans(W, H, copies, k=0):
    b = io.BytesIO(); Image.new("L", (W, H), 128 + k % 64).save(b, "JPEG", quality=90, progressive=True)
    j = b.getvalue(); seg = segments(j)
    body = b"".join(s for m, s in seg if m != 0xD9)
    # the AC scans (Ss > 0) and their tables: tiny for a flat image (end-of-band runs), repeated
    small = b""
    for i, (m, s) in enumerate(seg):
        if m == 0xDA and s[4 + 1 + 2 * s[4]] > 0:  # Ss of this scan
            tables = seg[i-1][1] if seg[i-1][0] == 0xC4 else b""
            small += tables + s
    return b"\xff\xd8" + body + small * copies + b"\xff\xd9", len(small)
