"""a07: bwrap's init (pid 1) and the placeholder (pid 2) are the sandbox's user and dumpable (a01 read their fd
lists). If pid 1 runs without the seccomp filter (bwrap applies it to the command only) and its memory is writable
through /proc/1/mem (no ptrace syscall needed; no Yama here), code injected into it escapes the filter. Probe:
Seccomp/CapPrm/NoNewPrivs of pids 1 and 2, whether /proc/<pid>/mem opens read-write, and a write of one byte
back onto itself (same value) at a mapped address of pid 1."""
from common import *
PROBE = r'''
q1 = "b"
import os, re
for pid in (1, 2):
    try:
        st = open(f"/proc/{pid}/status").read()
        print(pid, {k: v.strip() for k, v in re.findall(r"^(Name|Uid|Seccomp|Seccomp_filters|CapPrm|CapEff|CapBnd|NoNewPrivs):(.*)$", st, re.M)})
    except OSError as e:
        print(pid, "status", e)
    try:
        maps = open(f"/proc/{pid}/maps").read().splitlines()
        print(pid, "maps lines", len(maps), maps[:3])
    except OSError as e:
        print(pid, "maps", e); maps = []
    try:
        fd = os.open(f"/proc/{pid}/mem", os.O_RDWR)
        # a writable mapping: write back the byte already there
        for line in maps:
            addr, perms = line.split()[:2]
            if perms.startswith("rw"):
                start = int(addr.split("-")[0], 16)
                b = os.pread(fd, 1, start)
                n = os.pwrite(fd, b, start)
                print(pid, "WROTE", n, "byte(s) into", line[:80])
                break
        os.close(fd)
    except OSError as e:
        print(pid, "mem rw:", e)
'''
c = make_course("a07")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": PROBE}))
hand_in(c, "zoe", honest())
grade(c)
print(open(c + "/grades.csv").read())
nb = nbformat.read(c + "/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
for cell in nb.cells:
    if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in cell.outputs:
            print(o.get("text", o))
