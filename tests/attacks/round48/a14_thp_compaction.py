"""a14: THP direct compaction from a kernel (defrag=madvise on this host): two processes map 1 GiB, ask for huge pages
(MADV_HUGEPAGE), touch it, punch every other 4 KiB page out (MADV_DONTNEED: fragments free memory), unmap, repeat for
40 s, inside the sandbox's 6 GiB cap. Does it slow the honest students graded beside/after it (the early-started next
kernel) or a host process? Compared with a control run of the same three honest-ish students."""
from common import *
HOG = r'''
q1 = "b"
import mmap, os, time, ctypes
libc = ctypes.CDLL(None, use_errno=True)
def churn(seconds):
    end = time.time() + seconds; n = 0
    while time.time() < end:
        m = mmap.mmap(-1, 1 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
        libc.madvise(ctypes.c_void_p(addr), ctypes.c_size_t(1 << 30), 14)  # MADV_HUGEPAGE
        for off in range(0, 1 << 30, 4096):
            m[off] = 1
        for off in range(0, 1 << 30, 8192):
            libc.madvise(ctypes.c_void_p(addr + off), ctypes.c_size_t(4096), 4)  # MADV_DONTNEED
        del addr
        m.close(); n += 1
    return n
pid = os.fork()
if pid == 0:
    churn(40); os._exit(0)
print("rounds", churn(40)); os.waitpid(pid, 0)
'''
def host_probe(stop, out):
    while not stop:
        t = time.time(); subprocess.run([PY, "-c", "import json"], capture_output=True); out.append(time.time() - t)
        time.sleep(0.5)
import threading
for tag, q1 in (("control", 'q1 = "b"'), ("hostile", HOG)):
    c = make_course("a14" + tag)
    hand_in(c, "aaron", honest()); hand_in(c, "mallory", honest(overrides={"quiz_q1": q1})); hand_in(c, "zoe", honest())
    stop, lat = [], []
    th = threading.Thread(target=host_probe, args=(stop, lat)); th.start()
    grade(c)
    stop.append(1); th.join()
    rep = json.load(open(c + "/grading_report.json"))
    print(tag, {r["student"]: round(r["seconds"], 1) for r in rep}, "host python start median %.2f max %.2f s" % (sorted(lat)[len(lat)//2], max(lat)))
    print(open(c + "/grades.csv").read())
