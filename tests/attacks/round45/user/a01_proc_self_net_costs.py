"""a01: round 44's /proc allow list shows "self", "thread-self", "sys", "net" in full. Round 44's scan skipped the
per-process folders; /proc/self/net/* are per network namespace in name, but many walk host-wide tables (TCP/UDP
hash, netlink's, ptype) filtered by namespace. Time every readable file under /proc/self (one level into net/,
not fd/ task/ map_files) and check the masked top-level entries really are empty, from mallory's quiz cell."""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

CODE = r'''
import os, time, json
res = []
def timed(p):
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        return None
    best = None; n = 0
    try:
        for k in range(3):
            os.lseek(fd, 0, 0)
            t = time.perf_counter(); buf = b""
            while True:
                b = os.read(fd, 1 << 20)
                if not b: break
                buf += b
                if len(buf) > 8 << 20: break
            el = time.perf_counter() - t; n = len(buf)
            best = el if best is None else min(best, el)
    except OSError:
        pass
    finally:
        os.close(fd)
    return best, n
for root in ("/proc/self", "/proc/self/net", "/proc/self/net/stat", "/proc/self/net/dev_snmp6", "/proc/1", "/proc/self/ns"):
    try: names = os.listdir(root)
    except OSError as e: continue
    for f in names:
        p = os.path.join(root, f)
        if os.path.isdir(p) or f in ("pagemap", "mem", "kcore", "clear_refs"): continue
        r = timed(p)
        if r and r[0] is not None: res.append((r[0], r[1], p))
res.sort(reverse=True)
top = {}
for name in sorted(os.listdir("/proc")):
    if name.isdigit(): continue
    p = "/proc/" + name
    try:
        if os.path.islink(p): top[name] = "link->" + os.readlink(p)
        elif os.path.isdir(p): top[name] = "dir:%d" % len(os.listdir(p))
        else: top[name] = "file:%d" % len(open(p, "rb").read(4096))
    except OSError as e: top[name] = "err %d" % e.errno
print("BEGIN"); print(json.dumps({"top": top, "slowest": res[:40], "n": len(res)})); print("END")
'''

if __name__ == "__main__":
    d, r, s = trio("a01", CODE)
    out = output_of(d, MALLORY)
    j = between(out)
    if j:
        j = json.loads(j)
        print("files timed:", j["n"])
        for best, n, p in j["slowest"]:
            print(f"{best*1000:9.3f} ms {n:9d} B  {p}")
        print("top-level /proc entries (non-empty ones are what the masks leave):")
        print({k: v for k, v in j["top"].items() if not (v in ("dir:0", "file:0"))})
    else:
        print(out[-3000:])
