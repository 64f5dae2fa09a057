"""a00: two honest students, baseline timing and score."""
from common import *
c = make_course("a00")
hand_in(c, "aaron", honest()); hand_in(c, "zoe", honest())
grade(c); scores(c); times(c)
