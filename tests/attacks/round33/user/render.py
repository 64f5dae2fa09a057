"""Draw text as an 80-column terminal that takes character widths from the C library's wcwidth() (tmux, screen,
xterm's tables, any terminal on Unicode 16 tables) draws it; which rows begin with `marker`."""
import ctypes, locale, sys
locale.setlocale(locale.LC_ALL, "C.UTF-8")
libc = ctypes.CDLL("libc.so.6"); libc.wcwidth.restype = ctypes.c_int; libc.wcwidth.argtypes = [ctypes.c_wchar]
UNICODE16_WIDE = set(range(0x2630, 0x2638)) | set(range(0x268A, 0x2690)) | set(range(0x4DC0, 0x4E00))

def width(c):
    if ord(c) in UNICODE16_WIDE:
        return 2
    w = libc.wcwidth(c)
    return 1 if w < 0 else w

def draw(text, columns=80):
    rows = []
    for line in text.split("\n"):
        row, col = "", 0
        for c in line:
            w = width(c)
            if col + w > columns:
                rows.append(row); row, col = "", 0
            row += c; col += w
        rows.append(row)
    return rows

if __name__ == "__main__":
    text = open(sys.argv[1], encoding="utf-8").read()
    marker = sys.argv[2]
    for i, r in enumerate(draw(text)):
        if r.startswith(marker) or marker in r:
            print(f"row {i}: starts with marker={r.startswith(marker)}: {r!r}")
