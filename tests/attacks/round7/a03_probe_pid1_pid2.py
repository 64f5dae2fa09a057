# a03 (root, ps3_batch): what are the other processes of the kernel's sandbox (bwrap's pid 1 and the placeholder,
# pid 2)? Their capabilities, seccomp, no_new_privs, and whether the kernel can open their /proc/<pid>/mem for
# writing and read their /proc/<pid>/syscall (the pc/sp an injector needs). If they run without the seccomp filter
# and /proc/<pid>/mem is writable, the kernel can run code there: outside the filter.
# RESULT: see the end of this file.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

PROBE = r'''
import os, glob
for d in sorted(glob.glob("/proc/[0-9]*")):
    st = {l.split(":")[0]: l.split(":", 1)[1].strip() for l in open(d + "/status").read().splitlines()}
    print(d, {k: st.get(k) for k in ("Name", "Uid", "CapEff", "CapPrm", "CapBnd", "NoNewPrivs", "Seccomp")})
    for mode in ("rb", "r+b"):
        try:
            open(d + "/mem", mode, buffering=0).close(); print("   mem", mode, "OK")
        except Exception as e:
            print("   mem", mode, repr(e))
    try:
        print("   syscall", open(d + "/syscall").read().strip())
    except Exception as e:
        print("   syscall", repr(e))
    try:
        print("   ns", {n: os.readlink(f"{d}/ns/{n}") for n in ("user", "pid", "mnt", "net")})
    except Exception as e:
        print("   ns", repr(e))
print("self", os.getpid())
'''
students = {"probe": ac.notebook(append={"per_rank_batch": PROBE}, assignment="ps3_batch")}
dest = ac.make_course("r7-a03", students, assignment="ps3_batch")
grade_watched(dest)
# RESULT (root, 09:17 UTC, a03_probe_pid1_pid2.out.txt): pid 1 (bwrap) and pid 2 (placeholder) have CapEff 0,
# NoNewPrivs 1, Seccomp 2 (the same program, from the same fd), uid 65534, the kernel's namespaces; but the kernel
# can open /proc/1/mem and /proc/2/mem read-write and read their /proc/<pid>/syscall (pc, sp): they are dumpable
# processes of its own uid. No privilege beyond the kernel's is in them, except the descriptors a06 found.
