"""a08: which per-process /proc files a sandbox may write (a03 found oom_score_adj): for the fix's scope."""
from common import *
CODE = r'''
q1 = "b"
import os
def wr(p, v):
    try:
        with open(p, "w") as f: f.write(v)
        return "ok"
    except OSError as e: return type(e).__name__ + str(e.errno)
for who in ("self", "1"):
    print(who, {n: wr(f"/proc/{who}/{n}", v) for n, v in [("oom_score_adj", "500"), ("oom_adj", "5"), ("timerslack_ns", "100000000"),
        ("coredump_filter", "0x7f"), ("fail-nth", "1" if False else "0"), ("make-it-fail", "1"), ("clear_refs", "1"), ("autogroup", "19"),
        ("attr/current", "x"), ("loginuid", "0"), ("comm", "x"), ("sched", "0"), ("setgroups", "deny"), ("ksm_merging", "1")]})
'''
c = probe_run("a08", CODE)
