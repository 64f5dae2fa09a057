"""a07: page cache is the host's: mallory's kernel loops over every file of the venv and /usr it can read and calls
posix_fadvise(DONTNEED) on each (pages not mapped by any process are dropped host-wide, also those other
submissions' graders and kernels read), with --workers 2 beside honest students; compare with a06's control.
usage: a07_fadvise_evict.py"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
import a05_direct_io as a05
EVICT = r'''
import os
if os.fork() == 0:
    try:
        roots = ["/usr", os.path.dirname(os.path.dirname(os.__file__))]
        while True:
            for r in roots:
                for d, _, fs in os.walk(r):
                    for f in fs:
                        try:
                            fd = os.open(os.path.join(d, f), os.O_RDONLY | os.O_NOFOLLOW)
                            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
                        except OSError:
                            pass
    finally:
        os._exit(0)
'''
if __name__ == "__main__":
    c = make_course("a07")
    hand_in(c, "aaron", honest()); hand_in(c, "bella", honest()); hand_in(c, "carl", honest())
    hand_in(c, "mallory", hostile(append={"training_memory": EVICT, "quiz_q5": a05.SLEEP.replace("100", "60")}))
    for s in ("xena", "yuri", "zoe"):
        hand_in(c, s, honest())
    grade(c, extra=["--workers", "2"])
    scores(c)
