"""Code points fold() counts as one column that the C library's wcwidth() (tmux, screen, readline-based
terminals) draws as two."""
import ctypes, locale, sys, unicodedata
locale.setlocale(locale.LC_ALL, "C.UTF-8")
libc = ctypes.CDLL("libc.so.6"); libc.wcwidth.restype = ctypes.c_int; libc.wcwidth.argtypes = [ctypes.c_wchar]
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.grade import fold, printable
bad = []
for cp in range(0x20, 0x110000):
    if 0xD800 <= cp < 0xE000: continue
    c = chr(cp)
    if not c.isprintable(): continue
    mine = 2 if unicodedata.east_asian_width(c) in "WFA" else 1
    w = libc.wcwidth(c)
    if w > mine: bad.append((cp, w, mine, unicodedata.name(c, "?"), unicodedata.east_asian_width(c)))
print(len(bad), "under-counted code points (glibc", "2.36", ")")
for b in bad[:60]: print("U+%04X wcwidth=%d fold=%d %s EAW=%s" % b)
