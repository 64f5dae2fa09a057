"""a08: the grader walks a hand-in (unsafe_entries, then refusal's count) with os.walk, which in Python 3.11 is
recursive (a generator per level). mallory's hand-in: her honest notebook and a folder nested 1,500 deep
("a/a/a/..."), 3,000 characters of path, under PATH_MAX. Does a RecursionError in the grading process stop the class,
or is it her refusal only?"""
from lib import *
d = make_course("a08")
A = "ps1_memory"
for s in ("aaron", "mallory", "zoe"):
    p = hand_in(d, s, A, honest(A))
fd = os.open(f"{d}/submitted/mallory/{A}", os.O_RDONLY)
for i in range(1500):
    os.mkdir("a", dir_fd=fd); nfd = os.open("a", os.O_RDONLY, dir_fd=fd); os.close(fd); fd = nfd
os.close(fd)
grade(d, A)
scores(d); j = report(d)
