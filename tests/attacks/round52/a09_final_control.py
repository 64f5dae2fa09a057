"""a09: final control after all attacks: two honest students (nothing left behind)."""
from common import *
c = make_course("a09")
hand_in(c, "aaron", honest()); hand_in(c, "zoe", honest())
grade(c); scores(c); times(c)
