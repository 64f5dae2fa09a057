# a02 (root, ps3_batch): the grader runs with secrets in its environment (DATABASE_URL=postgresql://ta:CANARY...,
# AWS_SECRET_ACCESS_KEY); the kernel (and the observer's child, via scale_lr's returned string) reads every
# /proc/<pid>/environ, /proc/<pid>/cmdline and scans /proc/<pid>/mem of every process it can see in its sandbox
# (bwrap's pid 1, the placeholder, itself) for the canary. Round 3's a02 did /proc/1/environ for the bwrap-started
# kernel; kernels are now forked from the template (a different process tree), so it is checked again.
# RESULT: see the end of this file.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

SCAN = r'''
def _scan():
    import os, glob, re, json
    found = {}
    for d in sorted(glob.glob("/proc/[0-9]*")):
        pid = d[6:]
        r = {}
        for f in ("environ", "cmdline", "status"):
            try:
                data = open(f"{d}/{f}", "rb").read()
                r[f] = ("CANARY" in data.decode("latin1")), len(data)
            except Exception as e:
                r[f] = repr(e)[:80]
        hits = 0
        try:
            maps = open(f"{d}/maps").read().splitlines()
            with open(f"{d}/mem", "rb", buffering=0) as mem:
                for line in maps:
                    a, b = (int(x, 16) for x in line.split()[0].split("-"))
                    if "r" not in line.split()[1] or b - a > 1 << 30:
                        continue
                    try:
                        mem.seek(a); chunk = mem.read(b - a)
                    except Exception:
                        continue
                    hits += chunk.count(b"CANARY-r7")
            r["mem_hits"] = hits
        except Exception as e:
            r["mem"] = repr(e)[:80]
        found[pid] = r
    return json.dumps(found)
'''
SCALE = SCAN + '''
def scale_lr(base_lr, base_batch, global_batch):
    return _scan()
'''
students = {"scan": ac.notebook(overrides={"scale_lr": SCALE}, append={"per_rank_batch": SCAN + "\nprint(_scan())\n"},
                                assignment="ps3_batch")}
dest = ac.make_course("r7-a02", students, assignment="ps3_batch")
env = dict(os.environ, DATABASE_URL="postgresql://ta:CANARY-r7-secret@localhost/x", AWS_SECRET_ACCESS_KEY="CANARY-r7-aws")
grade_watched(dest, env=env)
ac.show(dest)
os.system(f"grep -rl 'CANARY-r7' {dest} | grep -v gradebook; echo grep-done")
# RESULT (root, 09:15 UTC, a02_pid1_environ_canary.out.txt): HELD. With DATABASE_URL/AWS_SECRET_ACCESS_KEY canaries
# in the grader's environment: no /proc/<pid>/environ or cmdline of any process the kernel or the observer's child
# sees holds them; /proc/<pid>/mem of bwrap's pid 1 and of the placeholder is readable from the kernel (0 hits),
# the observer's memory is not (EACCES: non-dumpable). The only "hits" are the kernel's own copy of this script's
# source (the literal "CANARY-r7"), and the grep of the course finds only the notebooks holding that source.
