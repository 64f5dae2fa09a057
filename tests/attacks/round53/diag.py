"""Fast listing of listening IPv4 TCP sockets of a uid through NETLINK_SOCK_DIAG (inet_diag), ~0.1 ms."""
import socket, struct
def listeners(uid=0):
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 4)
    # inet_diag_req_v2: family, protocol, ext, pad, states, inet_diag_sockid (sport, dport, src[16], dst[16], if, cookie[2])
    req = struct.pack("=BBBBI", socket.AF_INET, socket.IPPROTO_TCP, 0, 0, 1 << 10) + b"\0" * 48
    hdr = struct.pack("=IHHII", 16 + len(req), 20, 0x301, 1, 0)  # SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST|NLM_F_DUMP
    s.send(hdr + req); out = []
    while True:
        data = s.recv(65536); off = 0; done = False
        while off < len(data):
            ln, typ = struct.unpack_from("=IH", data, off)
            if typ == 3 or typ == 2: done = True; break
            msg = data[off + 16:off + ln]
            sport = struct.unpack_from(">H", msg, 4)[0]; src = msg[8:12]
            muid = struct.unpack_from("=I", msg, 4 + 48 + 12)[0]
            if muid == uid and src == b"\x7f\0\0\x01": out.append(sport)
            off += (ln + 3) & ~3
        if done: break
    s.close(); return out
if __name__ == "__main__":
    import time; t = time.time()
    for i in range(100): l = listeners()
    print((time.time() - t) * 10, "ms per call", l)
