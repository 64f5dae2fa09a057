"""a13: look idle to admission while loading the host's disk: mallory's 120 threads read big files of /usr and the
Python installation (1 MiB reads, spread over many files, most not in the page cache) for 60 s; a thread waiting on
the read cap is in D state, not R, and its CPU is small, so admission may count her submission idle and start zoe
beside her. zoe's and zz_zoe2's grading seconds against the control (2-8 s on this shared machine)."""
from common import *
PROBE = r'''
q1 = "b"
import os, threading, time
files = []
for top in ("/usr/lib", "/usr/share", "/usr/bin", os.path.dirname(os.__file__)):
    for dp, dns, fns in os.walk(top):
        for f in fns:
            p = os.path.join(dp, f)
            try:
                if not os.path.islink(p) and os.path.getsize(p) > (1 << 20): files.append(p)
            except OSError: pass
print("big files", len(files))
stop = time.time() + 60
got = [0]
def reader(k):
    i = k
    while time.time() < stop:
        p = files[i % len(files)]; i += 120
        try:
            with open(p, "rb") as fh:
                while time.time() < stop and (b := fh.read(1 << 20)): got[0] += len(b)
        except OSError: pass
ts = [threading.Thread(target=reader, args=(k,)) for k in range(120)]
for t in ts: t.start()
for t in ts: t.join()
print("read MiB", got[0] >> 20)
'''
c = make_course("a13")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": PROBE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
grade(c)
print(open(c + "/grades.csv").read())
report(c); quiz_output(c)
