"""a02 (local, host, uid 65534 with no capabilities): PSI triggers on /proc/pressure/* (writable in every sandbox, a01).
How many can one process hold, and how long does it take to die (each trigger's close calls synchronize_rcu)?"""
import os, resource, signal, sys, time
N = int(sys.argv[1]) if len(sys.argv) > 1 else 1200
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(r)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1280, 1280))
    os.setgroups([]); os.setgid(65534); os.setuid(65534)
    fds, err = [], None
    t = time.time()
    for i in range(N):
        try:
            fd = os.open(["/proc/pressure/memory", "/proc/pressure/io", "/proc/pressure/cpu"][i % 3], os.O_RDWR | os.O_NONBLOCK)
            os.write(fd, b"some 150000 2000000\0")
            fds.append(fd)
        except OSError as e:
            err = repr(e)
            break
    os.write(w, f"{len(fds)} triggers in {time.time()-t:.2f}s err={err}\n".encode())
    time.sleep(1000)
    os._exit(0)
os.close(w)
print(os.read(r, 200).decode().strip())
time.sleep(1)
slab0 = open("/proc/meminfo").read()
t = time.time()
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
print(f"SIGKILL to reaped: {time.time()-t:.2f}s")
