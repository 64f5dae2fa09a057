"""a02b: how the kept log line of a02 (nina) is drawn by an 80-column terminal that draws East-Asian ambiguous
characters two columns wide (CJK locales; e.g. VTE 'ambiguous-width: wide', xterm -cjk_width), next to what
grader.grade.fold counted."""
import sys, unicodedata
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.grade import fold
path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/attack32-user-a02/grading_logs/ps1_memory/nina.log"
for l in open(path, encoding="utf-8").read().splitlines():
    if "\u2500" not in l:
        continue
    counted = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l)
    print("kept row:", repr(l), "| fold counts", counted, "columns; fold() returns", len(fold(l)), "row(s)")
    rows, row, col = [], "", 0
    for c in l:
        w = 2 if unicodedata.east_asian_width(c) in "WFA" else 1
        if col + w > 80:
            rows.append(row); row, col = "", 0
        row += c; col += w
    rows.append(row)
    print("drawn by an 80-column ambiguous=wide terminal:")
    for r in rows:
        print("  row:", r)
    break
