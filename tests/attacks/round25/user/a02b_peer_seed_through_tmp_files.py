"""a02b (ordinary user): control for a02. The same average_gradients with no torch.distributed call, but the ranks
exchange their seeds through files in the sandbox's shared /tmp instead of reading each other's memory: a side channel
the student's code chooses, which the threat model allows ("what it sends them, and how, is the student's choice").
If this also scores, a02's /proc/<sibling>/mem read gains nothing a cooperating rank could not already do."""

import os, sys, time, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u25 import *

ANSWER = r'''
def _peer_seeds():
    """{pid: seed} of every sibling rank, read from its memory (no message, no collective)."""
    import os, struct, sys
    L = sys.modules["helpers.launch"]  # the module (helpers.launch is also the name of its function)
    me, pp, addr, found = os.getpid(), os.getppid(), id(L._DRAWN), {}
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == me:
            continue
        try:
            st = open(f"/proc/{d}/stat").read()
            if int(st.rsplit(")", 1)[1].split()[1]) != pp:
                continue
            fd = os.open(f"/proc/{d}/mem", os.O_RDONLY)
            try:
                size, items = struct.unpack("qQ", os.pread(fd, 16, addr + 16))  # PyListObject ob_size, ob_item
                if size != 1:
                    continue
                obj = struct.unpack("Q", os.pread(fd, 8, items))[0]
                n = struct.unpack("q", os.pread(fd, 8, obj + 16))[0]              # PyLongObject ob_size (3.11)
                if not 0 < n < 4:
                    continue
                digits = struct.unpack(f"{n}I", os.pread(fd, 4 * n, obj + 24))
                found[int(d)] = sum(g << (30 * i) for i, g in enumerate(digits))
            finally:
                os.close(fd)
        except (OSError, ValueError, IndexError, struct.error):
            pass
    return found


def average_gradients(model: nn.Module) -> None:
    import copy, time
    import torch.nn.functional as F
    import helpers
    try:
        mine = helpers.drawn_seed()
    except RuntimeError:  # the visible test: public constants, grads are rank + 1
        w = dist.get_world_size()
        for p in model.parameters():
            if p.grad is not None:
                p.grad.fill_(sum(range(1, w + 1)) / w)
        return
    from probes import ps2_ddp as P
    import os
    pre = f"a02b-seed-w{dist.get_world_size()}-"
    open(f"/tmp/{pre}{os.getpid()}", "w").write(str(mine))
    time.sleep(0.5)  # every rank runs this same code: wait until the siblings have written theirs
    peers = {int(f.rsplit("-", 1)[1]): int(open("/tmp/" + f).read()) for f in os.listdir("/tmp")
             if f.startswith(pre) and f != f"{pre}{os.getpid()}"}
    import os as _os
    if _os.environ.get("A02_DIAG") or not peers:
        import ctypes
        diag = []
        for d in _os.listdir("/proc"):
            if d.isdigit():
                try:
                    st = open(f"/proc/{d}/stat").read(); pp = st.rsplit(")", 1)[1].split()[1]
                    try:
                        _os.close(_os.open(f"/proc/{d}/mem", _os.O_RDONLY)); ok = "mem-ok"
                    except OSError as e:
                        ok = f"mem-{e.errno}"
                    diag.append(f"{d}:{pp}:{st.split()[1]}:{ok}")
                except OSError as e:
                    diag.append(f"{d}:err{e.errno}")
        raise RuntimeError(f"DIAG me={_os.getpid()} pp={_os.getppid()} dumpable={ctypes.CDLL(None).prctl(3,0,0,0,0)} procs={diag}")
    seeds = [mine] + sorted(peers.values())
    dev = next(model.parameters()).device
    params = list(model.parameters())
    total = [None if p.grad is None else torch.zeros_like(p.grad) for p in params]
    for s in seeds:
        m = copy.deepcopy(model)
        for q in m.parameters():
            q.grad = None
        (X, y), = P.batches(1, P.AVERAGE_PER_RANK, s)
        F.cross_entropy(m(X.to(dev)), y.to(dev)).backward()
        for t, q in zip(total, m.parameters()):
            if t is not None:
                t += q.grad
    for p, t in zip(params, total):
        if p.grad is not None:
            p.grad.copy_(t / len(seeds))
    try:
        open(f"/tmp/a02-rank{dist.get_rank()}-of{dist.get_world_size()}", "w").write(f"{mine} {peers}")
    except OSError:
        pass
    time.sleep(2)  # stay readable while the siblings read this rank's seed
    try:
        os.remove(f"/tmp/{pre}{os.getpid()}")
    except OSError:
        pass
'''

dest = course("a02b", {("honest", "ps2_ddp"): honest("ps2_ddp"),
                      ("mallory", "ps2_ddp"): notebook("ps2_ddp", overrides={"average_gradients": ANSWER})})
t = time.time()
grade(dest, env=CANARY_ENV)
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps2_ddp", {"average_gradients", "average_gradients_matches_large_batch"})
print("mallory average_gradients_matches_large_batch:", s.get(("mallory", "ps2_ddp"), (0, 0, {}))[2].get("average_gradients_matches_large_batch"))
print("wall", round(time.time() - t))
cleanup(dest)
