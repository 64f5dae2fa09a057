"""a02: fold() counts each character's width from Python 3.11's unicodedata (Unicode 14.0): W/F/A two columns,
the rest one. The 64 Yijing hexagrams U+4DC0-U+4DFF are East-Asian-width N there, but the C library's wcwidth()
(glibc 2.36 here: tmux, screen, xterm's CJK range 2E80-A4CF) and Unicode 16.0 (every terminal on current
tables: VTE, kitty, foot, wezterm...) draw them TWO columns wide. So fold lets a row through that is drawn wider
than 80 columns, and text the student chose begins a terminal row.
mallory: a hand-in holding a symbolic link `notes` whose target is 31 hexagrams + a fake summary line: the TA's
summary (for_terminal) quotes it. nina: a kernel line of 32 hexagrams + a fake grader line in the kept log
(fails its own submission with 30,000 displays, as round 32's nina)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from render import draw
import glob
A = "ps1_memory"
H = "\u4dc0"
FAKE_SUMMARY = "  ps1_memory/zoe: failed: the kernel died while a cell ran"
target = H * 31 + FAKE_SUMMARY
FAKE_LOG = "[E 07:01:02 grader] zoe FAILED"
nina = sol(A, "training_memory") + r'''
import os
line = "\u4dc0" * 32 + "%s"
for fd in (1, 2):
    os.write(fd, (line + "\n").encode())
from IPython.display import display
for i in range(30000):
    display(i)
''' % FAKE_LOG
d = make_course("a02", A, {"mallory": {}, "nina": {"training_memory": nina}})
os.symlink(target, f"{d}/submitted/mallory/{A}/notes")
os.lchown(f"{d}/submitted/mallory/{A}/notes", 65534, 65534)
r, el = grade(d, A)
scores(d, A)
open("tests/attacks/round33/user/a02.stdout.txt", "w").write(r.stdout)
print("==== summary as an 80-column wcwidth terminal draws it (rows beginning with the fake text):")
for i, row in enumerate(draw(r.stdout)):
    if row.startswith(FAKE_SUMMARY[:24]) or H in row:
        print(f"  row {i}: {row!r}  <-- begins with mallory's text: {row.startswith(FAKE_SUMMARY[:24])}")
for f in glob.glob(f"{d}/grading_logs/**/*.log", recursive=True):
    t = open(f, encoding="utf-8").read()
    open("tests/attacks/round33/user/a02.%s_kept.log" % os.path.basename(f)[:-4], "w").write(t)
    print("==== kept log", f, len(t), "chars; rows drawn by an 80-col wcwidth terminal:")
    for i, row in enumerate(draw(t)):
        if row.startswith(FAKE_LOG) or H in row:
            print(f"  row {i}: {row!r}  <-- begins with the kernel's text: {row.startswith(FAKE_LOG)}")
canary_scan(d)
