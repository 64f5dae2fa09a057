"""Run as the local student (uid 65534): poll every process it may read for the TA's secret in its environment."""
import os, sys, time
needle = b"hunter2-r54root"
seen = set()
end = time.time() + float(sys.argv[1]) if len(sys.argv) > 1 else time.time() + 300
print(f"watcher uid={os.getuid()} euid={os.geteuid()} gid={os.getgid()}", flush=True)
while time.time() < end:
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or pid in seen:
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as fh:
                env = fh.read()
        except OSError:
            continue
        if needle in env:
            seen.add(pid)
            try:
                st = os.stat(f"/proc/{pid}")
                cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ")[:300]
            except OSError:
                st, cmd = None, b"?"
            hit = [v for v in env.split(b"\0") if needle in v]
            print(time.strftime("%H:%M:%S"), "pid", pid, "uid", st and st.st_uid, "cmd", cmd.decode(errors="replace"),
                  "->", [h.decode(errors="replace") for h in hit], flush=True)
    time.sleep(0.02)
print("watcher done", flush=True)
