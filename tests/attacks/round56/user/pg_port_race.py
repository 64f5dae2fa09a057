"""Run as uid 65000 while the TA runs tests/test_grade_postgres.py (part of `make test`). The fixture picks a free port
(bind to 0, close), runs initdb (seconds), then `pg_ctl ... -o "-p PORT -h 127.0.0.1 -k FOLDER" start`, whose command
line every account reads in /proc. Bind and listen on 127.0.0.1:PORT before the postmaster does."""
import os, re, socket, time
TA = 65534
seen, held = set(), []
end = time.time() + float(os.environ.get("SECONDS_LEFT", "240"))
log = open(os.environ.get("LOG", "/dev/stdout"), "a", buffering=1)
while time.time() < end:
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or pid in seen:
            continue
        try:
            if os.stat(f"/proc/{pid}").st_uid != TA:
                continue
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        m = re.search(r"-p (\d+) -h 127\.0\.0\.1", cmd)
        if "initdb" in cmd or "pg_ctl" in cmd:
            seen.add(pid)
            log.write(f"{time.strftime('%T')} TA pid {pid}: {cmd[:300]}\n")
        if m and "pg_ctl" in cmd:
            port = int(m.group(1))
            s = socket.socket()
            try:
                s.bind(("127.0.0.1", port)); s.listen(16); held.append(s)
                log.write(f"{time.strftime('%T')} uid {os.getuid()} now listens on 127.0.0.1:{port} (the TA's PostgreSQL port)\n")
            except OSError as e:
                log.write(f"{time.strftime('%T')} bind {port} failed: {e}\n")
    for s in held:
        s.setblocking(False)
        try:
            c, a = s.accept(); log.write(f"{time.strftime('%T')} connection from {a}: {c.recv(200)!r}\n"); c.close()
        except OSError:
            pass
    time.sleep(0.001)
