"""a06: can a sandbox lengthen the list a04 walks? Every inode whose extents are looked up joins the file system's
extent-status list. mallory's quiz cell reads es_shrinker_info (time, 'inodes on list'), then reads one byte of
every regular file it can see on the host's ext4 (/usr, the venv, helpers/, probes/), then reads it again. On a
fresh grading host (fewer inodes cached than this busy one) this is what sets a04's lock hold time."""
import sys, json, os
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
AMP = r'''
import os, time, re
P = "/proc/fs/ext4/vda/es_shrinker_info"
def es():
    t = time.perf_counter(); s = open(P).read(); el = time.perf_counter() - t
    return el, int(re.search(r"(\d+) inodes on list", s).group(1))
print("ES before: %.0f ms, %d inodes on list" % ((lambda r: (r[0]*1000, r[1]))(es())), flush=True)
n = 0; t = time.time()
for root in ["/usr", "/opt", "/etc"]:
    for dp, dn, fn in os.walk(root):
        for f in fn:
            try:
                fd = os.open(os.path.join(dp, f), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
                try: os.pread(fd, 1, 0); n += 1
                finally: os.close(fd)
            except OSError: pass
print("read one byte of %d files in %.1f s" % (n, time.time() - t), flush=True)
print("ES after: %.0f ms, %d inodes on list" % ((lambda r: (r[0]*1000, r[1]))(es())), flush=True)
'''

def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + AMP
    return nb

if __name__ == "__main__":
    d = make_course("a06")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d)
    print({r["student"]: round(r["seconds"], 1) for r in json.load(open(f"{d}/grading_report.json"))})
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", []))
    print("\n".join(l for l in text.splitlines() if l.startswith(("ES", "read one"))))
