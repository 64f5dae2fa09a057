"""a08: does MADV_POPULATE_WRITE (not refused, unlike POPULATE_READ/WILLNEED) hold a host reader longer than plain
reads, under the sandbox's read cap? Kernel: 100 threads, each populates (mode populate) or pread()s (mode read) an
8 MiB chunk of cold files of /usr. Host: during grading, a one-byte pread at a fresh cold offset inside the attacked
ranges every 0.2 s; its latency. Two runs, each with controls aaron and zoe; the files differ per run (all cold)."""
import sys, threading, statistics, random; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
SETS = {
 "read": ["/usr/lib/google-cloud-sdk/bin/kubectl.1.28", "/usr/lib/google-cloud-sdk/bin/local-extract", "/usr/lib/google-cloud-sdk/bin/kubectl.1.29",
          "/usr/lib/google-cloud-sdk/bin/kpt", "/usr/lib/google-cloud-sdk/bin/kubectl.1.30", "/usr/lib/google-cloud-sdk/bin/kubectl.1.31",
          "/usr/lib/google-cloud-sdk/bin/kubectl", "/usr/lib/google-cloud-sdk/bin/kubectl.1.32", "/usr/lib/google-cloud-sdk/bin/kubectl.1.33",
          "/usr/lib/google-cloud-sdk/platform/pubsub-emulator/lib/cloud-pubsub-emulator-0.8.20-all.jar"],
 "populate": ["/usr/local/cuda-13.0/nvvm/bin/cicc", "/usr/lib/google-cloud-sdk/bin/cloud_spanner_emulator/emulator_main", "/usr/local/bin/terraform",
          "/usr/bin/node", "/usr/lib/x86_64-linux-gnu/libLLVM-14.so.1", "/usr/lib/google-cloud-sdk/bin/anthoscli",
          "/usr/local/cuda-13.0/lib/libnvvm.so.4", "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
          "/usr/lib/jvm/java-17-openjdk-amd64/lib/modules", "/usr/lib/jvm/temurin-25-jdk-amd64/lib/modules"]}
CODE = r'''
import ctypes, mmap, os, threading, time
libc = ctypes.CDLL(None, use_errno=True)
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
CH = 8 << 20
jobs = []
for f in FILES:
    size = os.path.getsize(f)
    jobs += [(f, off) for off in range(0, size - CH, CH)]
jobs = jobs[:100]
RES = []
def work(f, off):
    fd = os.open(f, os.O_RDONLY)
    if MODE == "populate":
        a = libc.mmap(None, CH, 3, 2, fd, off)   # PROT_READ|PROT_WRITE, MAP_PRIVATE
        r = libc.madvise(a, CH, 23)              # MADV_POPULATE_WRITE
        RES.append((a is not None, r, ctypes.get_errno()))
    else:
        os.pread(fd, CH, off)
    os.close(fd)
t = time.time()
ths = [threading.Thread(target=work, args=j) for j in jobs]
[x.start() for x in ths]; [x.join() for x in ths]
print("ATTACK", MODE, len(jobs), "chunks in", round(time.time() - t, 1), "s", sorted(set(RES))[:5])
'''
def probe(stop, files, lat):
    offs = []
    for f in files:
        size = os.path.getsize(f)
        offs += [(f, o + random.randrange(0, 8 << 20) // 4096 * 4096) for o in range(0, size - (8 << 20), 8 << 20)]
    offs = offs[:100]; random.shuffle(offs)
    for f, o in offs:
        if stop.is_set(): break
        fd = os.open(f, os.O_RDONLY); t = time.perf_counter(); os.pread(fd, 1, o); lat.append(time.perf_counter() - t); os.close(fd)
        time.sleep(0.2)
if __name__ == "__main__":
    for mode, files in [(m, f) for m, f in SETS.items() if m in sys.argv[1:] or len(sys.argv) == 1]:
        subprocess.run(["fincore"] + files[:3])
        c = make_course("a08" + mode)
        hand_in(c, "aaron", honest())
        hand_in(c, "mallory", hostile(append={"training_memory": f"MODE = {mode!r}\nFILES = {files!r}\n" + CODE}))
        hand_in(c, "zoe", honest())
        lat = []; stop = threading.Event()
        def delayed():
            time.sleep(8); probe(stop, files, lat)
        th = threading.Thread(target=delayed); th.start()
        grade(c); stop.set(); th.join()
        print(f"HOST {mode}: one-byte reads n={len(lat)} median={statistics.median(lat)*1000:.1f} ms max={max(lat)*1000:.0f} ms" if lat else f"HOST {mode}: no samples")
        scores(c)
        print("ATTACK-OUT", [t for i, t in outputs_grep(c, "mallory", "ATTACK")])
