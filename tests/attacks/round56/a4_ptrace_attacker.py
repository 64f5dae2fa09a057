# As A2 (pool uid, hidden): open the honest student's kernel's memory (/proc/<pid>/mem, O_RDWR: ptrace-attach
# rights) while it is graded, and search its heap for the student's answer source.
import ctypes, os, re, sys, threading, time
UID, OUT, SECONDS = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
log = open(os.path.join(OUT, "a4.log"), "a", buffering=1)
def say(*a): log.write(time.strftime("%H:%M:%S ") + " ".join(map(str, a)) + "\n")
def ours(pid):
    for _ in range(12):
        try:
            if b"CLONE/" in open(f"/proc/{pid}/cmdline", "rb").read(): return True
            pid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
        except Exception: return False
        if pid <= 1: return False
    return False
def work():
    done = set(); end = time.time() + SECONDS
    while time.time() < end:
        for e in os.listdir("/proc"):
            if not e.isdigit() or e in done: continue
            try:
                if os.stat(f"/proc/{e}").st_uid != UID or not ours(int(e)): continue
                comm = open(f"/proc/{e}/comm").read().strip()
            except OSError: continue
            if comm not in ("ipykernel", "observer"): continue
            done.add(e)
            time.sleep(3)  # let the kernel run some cells
            try:
                fd = os.open(f"/proc/{e}/mem", os.O_RDWR)
            except OSError as exc:
                say(e, comm, "mem O_RDWR refused:", exc.strerror); continue
            say(e, comm, "opened /proc/%s/mem read-write (ptrace-attach rights over it)" % e)
            hits = 0
            for line in open(f"/proc/{e}/maps"):
                a, b = (int(x, 16) for x in line.split()[0].split("-"))
                if "rw" not in line.split()[1] or b - a > 256 << 20: continue
                try:
                    chunk = os.pread(fd, b - a, a)
                except OSError:
                    continue
                for m in re.finditer(rb"def partition_layers\(costs, k\):", chunk):
                    hits += 1
                    if hits <= 2:
                        say("  found at", hex(a + m.start()), repr(chunk[m.start(): m.start() + 160]))
            say("  hits of the answer's source in its memory:", hits)
            os.close(fd)
        time.sleep(0.05)
    os._exit(0)
threading.Thread(target=work).start(); time.sleep(0.2); ctypes.CDLL(None).syscall(60, 0)
