# a05 (root, ps3_batch): "no network: its own network namespace with only loopback". This grader runs in a
# a virtual machine (/dev/vsock, local CID 3). AF_VSOCK is not refused by the seccomp filter (it
# filters no socket family) and, on this kernel, vsock is not isolated by network namespaces: a port bound by a
# sandboxed kernel is the VM's port. Shown WITHOUT sending a packet to the hypervisor (the host side is the test
# machinery, left alone): the kernel binds and listens on vsock port 57071 for 5 s; meanwhile a host process of
# this script (root, init network namespace) tries to bind the same port and gets EADDRINUSE only while the
# sandbox holds it. Then the kernel also creates a socket it could `connect((2, port))` with: VMADDR_CID_HOST, the
# hypervisor, i.e. outside the VM (not attempted).
# RESULT: see the end of this file.
import errno, os, socket, sys, time, multiprocessing as mp
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

PORT = 57071
CELL = r'''
import socket, time
s = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
s.bind((socket.VMADDR_CID_ANY, %d)); s.listen(1)
print("sandbox: AF_VSOCK socket bound and listening on", s.getsockname())
time.sleep(5)
s.close()
''' % PORT

def sampler(stop, out):
    while not stop.is_set():
        t = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
        try:
            t.bind((socket.VMADDR_CID_ANY, PORT)); res = "free"
        except OSError as e:
            res = errno.errorcode.get(e.errno, str(e.errno))
        t.close()
        out.put((round(time.time(), 2), res))
        time.sleep(0.25)

if __name__ == "__main__":
    students = {"vsock": ac.notebook(append={"per_rank_batch": CELL}, assignment="ps3_batch")}
    dest = ac.make_course("r7-a05", students, assignment="ps3_batch")
    stop, q = mp.Event(), mp.Queue()
    p = mp.Process(target=sampler, args=(stop, q)); p.start()
    grade_watched(dest)
    stop.set(); time.sleep(0.5)
    rows = []
    while not q.empty():
        rows.append(q.get())
    p.join()
    busy = [r for r in rows if r[1] != "free"]
    print("host binds of vsock port", PORT, ":", len(rows), "tries,", len(busy), "refused:", busy[:3], "...", busy[-1:] )
    os.system(f"""python3 -c "import json;nb=json.load(open('{dest}/autograded/vsock/ps3_batch/ps3_batch.ipynb'));[print(''.join(o.get('text','')) or o.get('evalue')) for c in nb['cells'] if c['metadata'].get('nbgrader',{{}}).get('grade_id')=='per_rank_batch' for o in c.get('outputs',[])]" """)
# RESULT (root, 09:25 UTC, /tmp/attack-course-r7-a05, a05_vsock_outside_netns.out.txt): BROKEN ("no network": a
# socket family outside the network namespace). The kernel's AF_VSOCK socket bound and listened on port 57071 of
# the VM; the host-side binder (root, init namespaces) got EADDRINUSE 20 times in a row (the 5 s the kernel held
# it), "free" before and after: vsock ports are the VM's, not the sandbox's. So a sandboxed kernel (or the student's
# code in the observer's child, same filter) can listen on, squat, or connect to vsock ports: connect((2, port))
# reaches the hypervisor host (VMADDR_CID_HOST), outside the VM (NOT attempted here: that side is the test
# machinery). Fix direction: refuse socket()/socketpair() for every family but AF_UNIX, AF_INET, AF_INET6 and
# AF_NETLINK in the seccomp filter (args[0]); at least AF_VSOCK (40).
