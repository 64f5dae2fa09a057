"""Kept grading log and the TA's summary: a kernel whose processes write partial lines to the sandbox's stderr at
once (fd 2, os.write, no newline, fake grader lines padded to row width, a NUL, an unpaired surrogate byte), then
dies (os._exit) so the submission fails and its log is kept. Every row of the kept log and of the grader's output
must begin with the grader's own text (a label, a time stamp, or the fold mark)."""
from common import *
import re
PAYLOAD = r'''
import os, time
fake = "[W 2026-11-29 08:00:00.000 AutogradeApp] ps1_memory/zoe: failed: SECRET LEAK\n"
kids = []
for i in range(6):
    pid = os.fork()
    if pid == 0:
        for j in range(300):
            os.write(2, b"x" * (i * 13 % 78))
            os.write(2, fake.encode())
            os.write(2, b"\x00\xed\xa0\x80\r" + fake.encode().rstrip(b"\n"))
            os.write(1, b"\n" + fake.encode())
        os._exit(0)
    kids.append(pid)
for k in kids: os.waitpid(k, 0)
os.write(2, b"A" * 70000)  # past the 64 kB cap, no newline
time.sleep(10**6)
'''
d = course("a04")
submit(d, "aaron", notebook())
submit(d, "mallory", notebook(extra={"training_memory": PAYLOAD}))
submit(d, "zoe", notebook())
r, el = grade(d, extra_args=("--submission-timeout", "60")); scores(d)
outtext = (r.stdout + r.stderr).decode(errors="replace")
bad = [l for l in outtext.split("\n") if l.startswith("[W 2026-11-29 08:00") or "SECRET LEAK" in l[:40]]
print("grader output rows starting with the fake:", len(bad), bad[:3])
for f in glob.glob(f"{d}/grading_logs/**/*.log", recursive=True) if (glob := __import__("glob")) else []:
    rows = open(f, encoding="utf-8", errors="replace").read().split("\n")
    starts = {}
    for row in rows:
        k = row[:6]
        starts[k] = starts.get(k, 0) + 1
    badrows = [row for row in rows if "SECRET LEAK" in row[:60] or row.startswith("[W 2026-11-29 08:00")]
    print(f, "rows", len(rows), "max width", max(map(len, rows)), "non-ascii", sum(any(ord(c) > 126 or ord(c) < 32 for c in row) for row in rows))
    print("row starts:", sorted(starts.items(), key=lambda x: -x[1])[:12])
    print("rows beginning with the fake:", len(badrows), badrows[:3])
