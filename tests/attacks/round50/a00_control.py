from common import *
c = make_course("a00")
for s in ("aaron", "zoe"):
    hand_in(c, s, honest())
grade(c); scores(c); report(c)
