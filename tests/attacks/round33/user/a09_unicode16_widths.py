"""a09: code points fold() counts one column (Python 3.11's unicodedata 14.0: East-Asian width N) that Unicode 16.0
made Wide, so that terminals on current tables (and glibc >= 2.41) draw them two columns wide. No grading run:
the same route as a02/a07 with another alphabet; listed to size the fix (take widths from a current table, or
count every character that is not plainly narrow as two)."""
import sys, unicodedata
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.grade import fold
print("python unicodedata", unicodedata.unidata_version)
for lo, hi, what in ((0x2630, 0x2637, "trigrams (Unicode 16: W)"), (0x268A, 0x268F, "monograms/digrams (Unicode 16: W)"),
                     (0x4DC0, 0x4DFF, "hexagrams (Unicode 16: W; glibc 2.36 wcwidth 2 already)")):
    eaw = {unicodedata.east_asian_width(chr(c)) for c in range(lo, hi + 1)}
    row = "sandbox output: " + chr(lo) * 32 + "[E 07:01:02 grader] zoe FAILED"
    print(f"U+{lo:04X}-U+{hi:04X} {what}: Python EAW {eaw}; a row of label + 32 of them + a fake line -> fold() gives {len(fold(row))} row(s) ({len(row)} counted columns, {16 + 64 + 30} drawn)")
