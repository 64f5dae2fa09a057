"""a04 (local probe, then in the sandbox if it pays): memory held in AF_UNIX socket buffers (stream socketpairs
filled and never read; datagram socketpairs), is it charged to the process's memory cgroup (v1 here, as the grader
uses), or to nobody (like netlink/TCP accept queues, which the threat model lists)? Local test: a v1 memory cgroup of
64 MiB, a process of uid 65534 in it with RLIMIT_NOFILE 1280 (as a sandbox process), fills socketpairs."""
import os, socket, sys, time, resource

CG = "/sys/fs/cgroup/memory/attack28-a04"


def meminfo(key):
    for line in open("/proc/meminfo"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) // 1024


def usage():
    return int(open(f"{CG}/memory.usage_in_bytes").read()) // 2**20


def child(kind, w):
    resource.setrlimit(resource.RLIMIT_NOFILE, (1280, 1280))
    os.setgid(65534); os.setuid(65534)
    held, pairs = 0, []
    try:
        for _ in range(600):
            a, b = socket.socketpair(socket.AF_UNIX, kind)
            a.setblocking(False)
            chunk = b"x" * (65536 if kind == socket.SOCK_STREAM else 2048)
            while True:
                try:
                    held += a.send(chunk)
                except (BlockingIOError, OSError):
                    break
            pairs.append((a, b))
    except OSError as e:
        os.write(w, f"stopped: {e}\n".encode())
    os.write(w, f"{kind} pairs={len(pairs)} bytes_sent={held // 2**20} MiB\n".encode())
    time.sleep(3)
    os._exit(0)


def main():
    os.makedirs(CG, exist_ok=True)
    open(f"{CG}/memory.limit_in_bytes", "w").write(str(64 * 2**20))
    for kind in (socket.SOCK_STREAM, socket.SOCK_DGRAM):
        before_avail, before_slab = meminfo("MemAvailable"), meminfo("Slab")
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            open(f"{CG}/cgroup.procs", "w").write(str(os.getpid()))
            child(kind, w)
        os.close(w)
        time.sleep(2.5)
        import select
        print(os.read(r, 4096).decode().strip() if select.select([r], [], [], 20)[0] else "child said nothing in 20 s")
        print(f"  cgroup usage {usage()} MiB (limit 64), failcnt {open(f'{CG}/memory.failcnt').read().strip()}; "
              f"host MemAvailable drop {before_avail - meminfo('MemAvailable')} MiB, Slab +{meminfo('Slab') - before_slab} MiB")
        _, status = os.waitpid(pid, 0)
        print("  child status", status, "(9 = SIGKILL, e.g. OOM in the cgroup)")
        os.close(r)
    time.sleep(0.5)
    os.rmdir(CG)


main()
