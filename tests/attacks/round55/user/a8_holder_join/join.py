"""uid 65000: while the TA's kernel runs helpers.launch, find her network holder (its command line is public)
and try to open its namespaces (/proc/<pid>/ns/{user,net}) and join them; log what Linux says."""
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
tried = set()
end = time.time() + float(sys.argv[1])
while time.time() < end:
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or pid in tried:
            continue
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read()
            uid = os.stat(f"/proc/{pid}").st_uid
        except OSError:
            continue
        if b"_private_network.py" in cmd and uid == 65534:
            tried.add(pid)
            print(time.strftime("%H:%M:%S"), "holder", pid, cmd.replace(b"\0", b" ").decode(), flush=True)
            for kind, flag in (("user", 0x10000000), ("net", 0x40000000)):
                try:
                    fd = os.open(f"/proc/{pid}/ns/{kind}", os.O_RDONLY)
                    r = libc.setns(fd, flag)
                    print("  open ns/%s ok, setns ->" % kind, r, os.strerror(ctypes.get_errno()) if r else "JOINED", flush=True)
                except OSError as e:
                    print("  open ns/%s:" % kind, e, flush=True)
            try:
                print("  readlink ns/net:", os.readlink(f"/proc/{pid}/ns/net"), flush=True)
            except OSError as e:
                print("  readlink ns/net:", e, flush=True)
    time.sleep(0.01)
