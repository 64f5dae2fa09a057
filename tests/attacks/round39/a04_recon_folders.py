"""a04: what are the course-path mounts inside the kernel (the course folder ro, the .autograding folder rw)?"""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
code = r'''
import os
for l in open("/proc/self/mountinfo"):
    f = l.split(); i = f.index("-")
    if "attack39" in f[4] or f[4] in ("/tmp", "/dev/shm"): print("PROBE mnt", f[3], f[4], f[5], f[i+1], f[i+2], f[i+3][:60])
for root, dirs, files in os.walk("/tmp/attack39-root-tag"):
    print("PROBE walk", root, dirs, files)
print("PROBE cwd", os.getcwd(), os.listdir("."))
open("planted.txt", "w").write("x")
'''.replace("attack39-root-tag", "attack39-root-folders")
d = run_class("folders", probe_nb(code))
print("\n".join(l for l in outputs(d).splitlines() if l.startswith("PROBE")))
print("host side:", [os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs if "planted" in f])
