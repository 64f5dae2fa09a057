"""a03 (ordinary user): re-attack round 23's fix (the kernel's launcher reads at most 64 MB or 20,000 reads of what
the kernel writes on stdout, then closes the pipe) from the other sandbox: the OBSERVER's. The student's
average_gradients, when run by the hidden check (in ranks the observer launches; recognised by having a drawn seed),
writes 2-byte os.write()s on fd 1 for 10 s, then on fd 2 for 10 s, and raises with the counts and errnos (the
crash message comes back in the cell). Meanwhile this script samples, from outside, the CPU time of every process of
the grader's user outside the sandboxes (launchers, nbgrader children, grade, forwarders), to see whether the flood
makes a process outside the sandbox's caps work for it. Honest control beside it."""
import os, sys, time, json, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u25 import *
import psutil

ANSWER = r'''
def average_gradients(model: nn.Module) -> None:
    import os, time, errno
    import helpers
    try:
        helpers.drawn_seed()
    except RuntimeError:  # the visible test in the kernel: answer it honestly
        w = dist.get_world_size()
        for p in model.parameters():
            if p.grad is not None:
                dist.all_reduce(p.grad); p.grad /= w
        return
    n, err, t = {1: 0, 2: 0}, {}, time.time()
    for fd, until in ((1, 10), (2, 20)):
        while time.time() - t < until:
            try:
                os.write(fd, b"x\n"); n[fd] += 1
            except OSError as e:
                err[fd] = errno.errorcode.get(e.errno, e.errno); break
    raise RuntimeError(f"FLOOD rank {dist.get_rank()} writes={n} errors={err} in {time.time() - t:.1f}s")
'''

cpu, stop = {}, threading.Event()
def sample():
    while not stop.wait(0.3):
        for p in psutil.process_iter(["pid", "uids", "cmdline", "cpu_times", "name"]):
            try:
                if p.info["uids"] is None or p.info["uids"].real != 65534:
                    continue
                cmd = " ".join(p.info["cmdline"] or [])[:120]
                if "attack25" in cmd and "grader" not in cmd:
                    continue
                ct = p.info["cpu_times"]
                cpu[(p.info["pid"], cmd)] = ct.user + ct.system
            except Exception:
                pass

dest = course("a03", {("honest", "ps2_ddp"): honest("ps2_ddp"),
                      ("mallory", "ps2_ddp"): notebook("ps2_ddp", overrides={"average_gradients": ANSWER})})
th = threading.Thread(target=sample, daemon=True); th.start()
t = time.time()
grade(dest, env=CANARY_ENV)
stop.set(); th.join()
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps2_ddp", {"average_gradients_matches_large_batch"})
print("processes of uid 65534 by CPU seconds (top 15; sandboxed ones included, marked by their names):")
for (pid, cmd), c in sorted(cpu.items(), key=lambda kv: -kv[1])[:15]:
    print(f"  {c:7.2f}s pid {pid}: {cmd}")
print("wall", round(time.time() - t))
cleanup(dest)
