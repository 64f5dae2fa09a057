"""a04b: a04 through the real path could not make the submission fail (a killed kernel, an ignored SIGINT past the
cell limit: the grader restarted the kernel and graded it, 23/24), so no log was kept. Here the kept log's own
transformation, grade.fold(grade.printable(line)), is applied to a line as the log would hold it, and the rows
are rendered as an 80-column terminal with ambiguous-width characters shown wide would show them."""
import sys, unicodedata
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.grade import fold, printable
FAKE = "[Autograde | INFO] done"
prefix = "[AutogradeApp | WARNING] sandbox output: "   # a kept log line's label (ours is of this form)
def term_rows(rows, amb_wide, cols=80):
    out = []
    for line in rows:
        row, w = "", 0
        for ch in line:
            cw = 2 if unicodedata.east_asian_width(ch) in ("WF" + ("A" if amb_wide else "")) else 1
            if w + cw > cols:
                out.append(row); row, w = "", 0
            row += ch; w += cw
        out.append(row)
    return out
for k in range(1, 41):
    for pad in range(2):
        line = prefix + "x" * pad + "\u2500" * k + FAKE
        rows = fold(printable(line))
        narrow = [r for r in term_rows(rows, False)[1:] if r.startswith("[")]
        wide = [r for r in term_rows(rows, True)[1:] if r.startswith("[")]
        if narrow or wide:
            print(f"k={k} pad={pad}: fold rows={len(rows)}; rows starting with kernel text: narrow={len(narrow)} wide={len(wide)}")
            for r in term_rows(rows, True):
                print("   |" + r)

print("--- fake placed on a fold row: ASCII fills fold row 1, then 37 x U+2500 (74 columns when wide) + 6 of the mark")
FAKE2 = "[AutogradeApp | INFO] zoe: 24/24 ok"
line = prefix + "x" * (78 - len(prefix)) + "\u2500" * 37 + FAKE2
rows = fold(printable(line))
print("fold rows (what the kept log holds):")
for r in rows:
    print("   |" + r)
for amb in (False, True):
    tr = term_rows(rows, amb)
    print(f"80-column terminal, ambiguous {'wide' if amb else 'narrow'}: rows starting with the kernel's text:",
          [r for r in tr if r.startswith("[AutogradeApp | INFO]")])
    for r in tr:
        print("   |" + r)
