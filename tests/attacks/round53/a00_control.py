"""Control: three honest students, baseline timing."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
c = make_course("a00")
for s in ("aaron", "mallory", "zoe"):
    hand_in(c, s, honest())
grade(c); scores(c); times(c)
shutil.rmtree(c)
