"""Round 11, a02 (ROOT run): make every later rank of the submission draw seed 0, then earn ps2's MyDDP
cells with a MyDDP that communicates nothing.

How: (1) average_gradients (sacrificed) raises helpers.launch's own autograd-fork-guard message in a rank
forked from the observer; launch takes it for the real thing, sets _FORK_BROKEN for the observer's life
and re-launches through multiprocessing's fork server (an exec'd, hence DUMPABLE, process the observer
keeps across all later calls and checks). (2) In the re-launched rank (a child of the fork server, same
uid, same memory layout) the student's code opens /proc/<fork server>/mem for writing and overwrites
libc's getrandom() with "fill the buffer with zeros, return its length". (3) Every later rank is forked
from that fork server, so helpers.launch._draw_seed's os.urandom(6) is 0 on every rank: the "each rank
draws its own seed from the OS" guarantee is gone, every rank builds the same problem, and a MyDDP that
never broadcasts nor all-reduces gives rank 0's weights and the global-batch gradients.
The kernel's visible asserts are passed by rebinding helpers.launch in the kernel (the kernel is the
student's; only the hidden checks count).
Usage: python a02_ps2_forkserver_getrandom_patch.py COURSE_DIR STUDENT
"""
import json, pathlib, sys

course, student = pathlib.Path(sys.argv[1]), sys.argv[2]
root = pathlib.Path(__file__).resolve().parents[3]
nb = json.loads((root / "release/ps2_ddp/ps2_ddp.ipynb").read_text())
AVG = r'''
_real_launch = helpers.launch
def _fake_launch(fn, world, *a, **k):   # the kernel's visible asserts only
    name = getattr(fn, "__name__", "")
    if name in ("_check_average", "_check_sync"):
        return [[[1.5, 1.5], [1.5]]] * 2
    if name == "_check_broadcast":
        return [(True, (1, 2))] * 2
    return _real_launch(fn, world, *a, **k)
helpers.launch = _fake_launch

def average_gradients(model):
    import os, sys, ctypes
    L = sys.modules["helpers.launch"]
    if not L._FRESH_RANK:                      # forked from the observer: ask for the fork server
        raise RuntimeError(L._AUTOGRAD_FORK_ERROR)
    if os.environ.get("RANK") == "0":          # a child of the fork server: patch the fork server
        libc = ctypes.CDLL("libc.so.6")
        addr = ctypes.cast(libc.getrandom, ctypes.c_void_p).value
        # mov rcx,rsi; push rsi; xor eax,eax; rep stosb; pop rax; ret  -> buffer of zeros, returns len
        patch = bytes.fromhex("4889f1" "56" "31c0" "f3aa" "58" "c3")
        with open(f"/proc/{os.getppid()}/mem", "r+b", buffering=0) as f:
            f.seek(addr)
            f.write(patch)
        raise RuntimeError(f"PATCHED fork server {os.getppid()} getrandom at {addr:#x}")
    raise RuntimeError("rank 1")
'''
DDP = r'''
class MyDDP(nn.Module):
    """Communicates nothing."""
    def __init__(self, module):
        super().__init__()
        self.module = module
        import helpers.launch as _L, sys
        L = sys.modules["helpers.launch"]
        if L._DRAWN:
            print("drawn seed", L._DRAWN)
    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)
    def sync_gradients(self):
        pass
'''
for c in nb["cells"]:
    gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    if gid == "average_gradients":
        c["source"] = AVG
    elif gid == "my_ddp":
        c["source"] = DDP
d = course / "submitted" / student / "ps2_ddp"
d.mkdir(parents=True, exist_ok=True)
(d / "ps2_ddp.ipynb").write_text(json.dumps(nb))
print("written", d)
