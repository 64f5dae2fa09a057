"""a09: the kept grading log of a failed submission: the kernel writes to its own stderr/stdout (the labelled
sandbox output) Unicode line and paragraph separators, NEL, bidi overrides, zero-width characters, a CR and a
fake grader line padded to wrap exactly at 80 columns, then floods 30,000 display messages (past the 20,000-message cap) so the submission fails
and its log is kept. Does anything non-printable reach grading_logs/ raw, or a line that reads as the grader's?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory") + r'''
import os, sys
payloads = ["\u2028FAKE-LS", "\u2029FAKE-PS", "\x85FAKE-NEL", "\u202eRTL-OVERRIDE", "\u200bZW", "\rFAKE-CR",
            "\ufeffBOM", "\u061cALM", "\u2066ISO", "\U000e0041TAG"]
line = "x" * 64 + " " * (80 - 64 - len("sandbox output: ")) + "[W 2026-11-29 grader] ps1_memory/zoe FAILED: forged"
for fd in (1, 2):
    os.write(fd, ("\n".join(payloads) + "\n" + line + "\n").encode())
from IPython.display import display
for i in range(30000):
    display(i)
'''
d = make_course("a09", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
import glob
for f in glob.glob(f"{d}/grading_logs/**/*", recursive=True):
    if os.path.isfile(f):
        b = open(f, "rb").read()
        print("LOG", f, len(b), "bytes")
        t = b.decode("utf-8", errors="replace")
        bad = sorted({hex(ord(c)) for c in t if not c.isprintable() and c not in "\n"})
        print("non-printable chars in kept log:", bad)
        for l in t.splitlines():
            if any(k in l for k in ("FAKE", "RTL", "ZW", "BOM", "forged", "ALM", "ISO", "TAG")):
                print("   ", repr(l[:220]))
