"""a05: kernels are forked from one template per run. Does each forked kernel share the template's address-space
layout (ASLR: libc's and the heap's addresses), its stack-protector canary (AT_RANDOM bytes) and Python's string
hash secret with every other kernel of the run? mallory's and nina's cells print them; compared across the two
kernels (and a plain python run twice on the host for reference)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; NINA = "nina43u"
CELL = r'''
import ctypes, os, random
maps = open("/proc/self/maps").read().splitlines()
libc = next(l.split("-")[0] for l in maps if "libc.so" in l)
heap = next((l.split("-")[0] for l in maps if "[heap]" in l), None)
stack = next(l.split("-")[0] for l in maps if "[stack]" in l)
auxv = open("/proc/self/auxv", "rb").read()
import struct
at = dict(struct.iter_unpack("QQ", auxv))
print("LAYOUT", libc, heap, stack, "AT_RANDOM", hex(at.get(25, 0)), "hash", hash("distcourse"), "random", random.random(), "pid", os.getpid())
'''
d = make_course("a05")
for s in (AARON, MALLORY, NINA, ZOE):
    nb = honest(A)
    if s in (MALLORY, NINA):
        nb.cells.insert(len(nb.cells) - 1, nbformat.v4.new_code_cell(CELL))
    hand_in(d, s, A, nb)
grade(d, A); scores(d)
import json
for s in (MALLORY, NINA):
    g = json.load(open(f"{d}/autograded/{s}/{A}/{A}.ipynb"))
    for c in g["cells"]:
        if c["cell_type"] == "code" and "LAYOUT" in "".join(c["source"]):
            print(s, "".join("".join(o.get("text", "")) for o in c.get("outputs", [])).strip())
for _ in range(2):
    print("host python:", subprocess.run([PY, "-c", "print(hash('distcourse'))"], capture_output=True, text=True).stdout.strip())
shutil.rmtree(d)
