"""Host side, outside any sandbox, as an unprivileged uid: try to set this process's own autogroup nice every 20 ms;
count successes and EAGAIN per second."""
import sys, time, errno
end = time.time() + float(sys.argv[1]); out = open(sys.argv[2], "a"); ok = busy = 0; sec = int(time.time())
while time.time() < end:
    try:
        with open("/proc/self/autogroup", "w") as fh: fh.write("5")
        ok += 1
    except OSError as e:
        busy += e.errno == errno.EAGAIN
    if int(time.time()) != sec:
        out.write(f"{time.strftime('%H:%M:%S')} ok={ok} EAGAIN={busy}\n"); out.flush(); ok = busy = 0; sec = int(time.time())
    time.sleep(0.02)
