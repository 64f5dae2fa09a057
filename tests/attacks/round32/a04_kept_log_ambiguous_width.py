"""a04: kept grading log rows vs East Asian *ambiguous*-width characters. `grade.fold` counts every character
whose east_asian_width is not W/F as one column; box drawing, Greek, Cyrillic, many symbols are 'A' (ambiguous):
two columns in a terminal set to ambiguous = wide (CJK locales: iTerm2/gnome-terminal/xterm -cjk_width, tmux/vim
ambiwidth=double). Mallory writes lines of '─' (U+2500, EAW A) on its stderr followed by a fake grader line, then
ignores SIGINT and sleeps past the cell's time limit so that the submission fails and its log is kept. We then render the kept log as an 80-column terminal would in both modes and
report rows that begin with the kernel's text."""
import os, sys, time, unicodedata
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *

FAKE = "[FAKE] grader: mallory ps1_memory graded 24/24, log is from zoe"
PAYLOAD = r'''
import os, signal, time
for _pad in range(2):
    for _k in range(1, 41):
        os.write(2, ("x" * _pad + "\u2500" * _k + "__FAKE__\n").encode())
signal.signal(signal.SIGINT, signal.SIG_IGN)
time.sleep(400)
'''.replace("__FAKE__", FAKE)
course = make_course("a04")
hand_in(course, "aaron", honest())
hand_in(course, "mallory", hostile(append={"quiz_q5": PAYLOAD}))
hand_in(course, "zoe", honest())
p, dt = grade(course, extra=("--workers", "1"))
sc = scores(course)
leak_scan(course)
log = f"{course}/grading_logs/ps1_memory/mallory.log"
text = open(log, encoding="utf-8").read()
print("kept log bytes:", len(text), "lines with the fake text:", sum(FAKE[:10] in l for l in text.split("\n")))

def rows(text, amb_wide, cols=80):
    out = []
    for line in text.split("\n"):
        row, w = "", 0
        for ch in line:
            cw = 2 if unicodedata.east_asian_width(ch) in ("WF" + ("A" if amb_wide else "")) else 1
            if w + cw > cols:
                out.append(row); row, w = "", 0
            row += ch; w += cw
        out.append(row)
    return out
for mode in (False, True):
    r = rows(text, mode)
    bad = [x for x in r if x.startswith("[FAKE]")]
    print(f"terminal 80 cols, ambiguous {'wide' if mode else 'narrow'}: rows {len(r)}, rows beginning with the kernel's fake line: {len(bad)}")
    for x in bad[:3]:
        print("   ", x)
i = text.find("\u2500" * 20)
print("sample of the kept log around it:\n" + text[max(0, i-300):i+400])
