from common import *
d = course("a00")
for s in ("aaron", "zoe"):
    submit(d, s, notebook())
grade(d); scores(d); canary_scan(d)
