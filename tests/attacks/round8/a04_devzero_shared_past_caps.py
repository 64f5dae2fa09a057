# a04 (root, ps1_memory, graded with memory_bytes lowered to 1 GiB through tests.attacks.run_grade): MAP_SHARED of
# /dev/zero is shared anonymous memory (shmem) under another name. The filter refuses mmap(MAP_SHARED|MAP_ANONYMOUS)
# and memfd because RLIMIT_DATA does not count such memory, but it does not look at /dev/zero. a01 showed a child
# with RLIMIT_DATA = 64 MiB touching 512 MiB of it. Here: does the cgroup (root's cap) still hold it? 2 GiB touched
# under a 1 GiB cap, progress printed every 256 MiB.
# RESULT: see the end of this file.
import os, sys, subprocess
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac

PROBE = r'''
import mmap, os, resource, sys
fd = os.open("/dev/zero", os.O_RDWR)
m = mmap.mmap(fd, 2 << 30, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
print("R8 RLIMIT_DATA", resource.getrlimit(resource.RLIMIT_DATA), flush=True)
for i in range(0, 2 << 30, 4096):
    m[i] = 1
    if i % (256 << 20) == 0:
        print("R8 touched MiB", i >> 20, flush=True); sys.stderr.write(f"R8 touched {i>>20}\n"); sys.stderr.flush()
st = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines())
print("R8 done: 2 GiB of shared /dev/zero touched under the cap; RssShmem", st.get("RssShmem").strip(), flush=True)
'''
if __name__ == "__main__":
    dest = ac.make_course("r8-a04", {"devzero": ac.notebook(append={"training_memory": PROBE})})
    p = subprocess.run([os.path.join(ac.ROOT, ".venv/bin/python"), "-m", "tests.attacks.run_grade", "--limits",
                        '{"memory_bytes": 1073741824}', "--course-dir", dest, "--workers", "1"], cwd=ac.ROOT,
                       capture_output=True, text=True)
    print(p.stdout[-3000:], p.stderr[-3000:])
    ac.outputs(dest, "devzero")
# RESULT (root, 10:10 UTC, a04_devzero_shared_past_caps.out.txt): HELD as root: under a 1 GiB cgroup the kernel died
# after 768-1024 MiB of shared /dev/zero ("the kernel died while running this cell"), its own points only. But the
# seccomp rule it shares a purpose with is bypassed: mmap(MAP_SHARED) of /dev/zero is allowed (a01: 512 MiB touched
# by a process whose RLIMIT_DATA is 64 MiB; MAP_SHARED|MAP_ANONYMOUS itself is refused). Where there is no cgroup
# (an ordinary user, or cgroup v2 read-only) the per-process cap is the only cap, and this is round 5's memfd /
# shared-anonymous escape again, through the /dev/zero node the sandbox binds.
