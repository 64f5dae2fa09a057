"""a10: after a06's stopped run (zoe shown 0/24 and not reported, zz_zoe2 not even listed, rc 0), the TA runs the
grader again, as the summary says to (here outside the small "host"). Are zoe and zz_zoe2 graded now, or skipped as
already graded?"""
from common import *
c = "/tmp/attack50-root-a06"
grade(c, timeout=900)
scores(c); times(c)
