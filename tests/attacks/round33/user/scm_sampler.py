"""Host process of the grader's user (uid 65534), NOFILE soft 1024 (a TA's default): every 0.5 s pass one
descriptor over a fresh socketpair (SCM_RIGHTS), as the launcher does to the kernel template; log ok / errno."""
import os, resource, socket, sys, time
resource.setrlimit(resource.RLIMIT_NOFILE, (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
end = time.time() + float(sys.argv[1]); log = open(sys.argv[2], "a", buffering=1)
while time.time() < end:
    a, b = socket.socketpair()
    try:
        socket.send_fds(a, [b"x"], [0]); r = "ok"
    except OSError as e:
        r = f"errno={e.errno} {e.strerror}"
    a.close(); b.close()
    log.write(f"{time.time():.1f} uid={os.getuid()} send_fds: {r}\n"); time.sleep(0.5)
