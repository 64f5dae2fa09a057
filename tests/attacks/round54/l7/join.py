"""uid 65534: find the TA's ranks (root processes whose net namespace differs from the host's) and try to join it."""
import ctypes, os, socket, time
libc = ctypes.CDLL(None, use_errno=True)
host = os.readlink("/proc/self/ns/net")
end = time.time() + 30
tried = set()
while time.time() < end:
    for pid in filter(str.isdigit, os.listdir("/proc")):
        if pid in tried:
            continue
        try:
            if os.stat(f"/proc/{pid}").st_uid != 0 or b"ta_launch" not in open(f"/proc/{pid}/cmdline", "rb").read():
                continue
        except OSError:
            continue
        tried.add(pid)
        try:
            ns = os.readlink(f"/proc/{pid}/ns/net")
        except OSError as e:
            ns = f"readlink refused ({e.strerror})"
        try:
            fd = os.open(f"/proc/{pid}/ns/net", os.O_RDONLY)
            r = libc.setns(fd, 0x40000000)
            joined = "setns ok" if r == 0 else f"setns refused ({os.strerror(ctypes.get_errno())})"
        except OSError as e:
            joined = f"open refused ({e.strerror})"
        try:
            tcp = open(f"/proc/{pid}/net/tcp").read().count("\n") - 1
            tcpinfo = f"its /proc/{pid}/net/tcp readable: {tcp} sockets"
        except OSError as e:
            tcpinfo = f"its net/tcp refused ({e.strerror})"
        print(time.strftime("%H:%M:%S"), "pid", pid, "net", ns, "(host", host + ")", joined, tcpinfo, flush=True)
    time.sleep(0.05)
