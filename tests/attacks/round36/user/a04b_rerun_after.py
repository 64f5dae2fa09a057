"""a04b: after a04 (TERM): the TA runs the grader again (it resumes: mallory is graded again, aaron skipped, zoe
graded). Do the TA-session grades written by mallory's script survive the resumed run?"""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
d = "/tmp/attack36-user-a04term"
grade(d); scores(d); report(d)
p = f"{d}/autograded/mallory/{A}/{A}.ipynb"
s = open(p).read(); print("raw <img onerror> in mallory's graded notebook now:", "onerror=" in s and "<img" in s)
