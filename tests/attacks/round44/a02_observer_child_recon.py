"""a02: what the student's code sees where the observer runs it (a check's child, in the observer's sandbox), not in
the kernel: uid/caps/seccomp/no_new_privs, rlimits (round 39/40's MEMLOCK, MSGQUEUE, RTPRIO, NICE, CORE), every visible
process's environ and cmdline (canaries), mounts, cgroup, the socket-type path of a01, and the descriptors it holds.
training_memory raises RuntimeError(json) from the child, so the finding comes back in the feedback's hint."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PROBE = r'''
def training_memory(model, optimizer):
    import os, json, resource, socket, errno, glob
    r = {"pid": os.getpid(), "uid": os.getuid()}
    st = open("/proc/self/status").read()
    r["status"] = [l for l in st.splitlines() if l.split(":")[0] in ("CapEff", "CapBnd", "Seccomp", "NoNewPrivs", "Uid")]
    r["rl"] = {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_MEMLOCK", "RLIMIT_MSGQUEUE", "RLIMIT_RTPRIO", "RLIMIT_NICE", "RLIMIT_CORE", "RLIMIT_NOFILE", "RLIMIT_NPROC", "RLIMIT_AS", "RLIMIT_DATA", "RLIMIT_CPU", "RLIMIT_FSIZE")}
    hits = []
    procs = {}
    for p in glob.glob("/proc/[0-9]*"):
        try:
            env = open(p + "/environ", "rb").read()
        except Exception as e:
            env = repr(e).encode()
        try:
            cmd = open(p + "/cmdline", "rb").read().replace(b"\0", b" ")[:120].decode("ascii", "replace")
        except Exception:
            cmd = "?"
        procs[p] = cmd
        if b"AKIASECRET" in env or b"ta:secret" in env:
            hits.append(p)
    r["procs"] = procs
    r["canary_hits"] = hits
    r["mounts"] = [l.split()[1] + " " + l.split()[3][:40] for l in open("/proc/self/mounts")][:40]
    r["cgroup"] = open("/proc/self/cgroup").read().splitlines()[:12]
    fds = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            fds[fd] = os.readlink("/proc/self/fd/" + fd)
        except OSError:
            pass
    r["fds"] = fds
    try:
        socket.socket(2, 5, 0)
        r["seqpacket"] = "ok"
    except OSError as e:
        r["seqpacket"] = errno.errorcode.get(e.errno)
    raise RuntimeError("OBSREC " + json.dumps(r))
'''
d = course("a02")
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", {"training_memory": PROBE}))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
grade(d, "ps1_memory")
scores(d, "ps1_memory")
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory_counts_tensors":
        for o in c.outputs:
            print("EVALUE", len(o.get("evalue", "")), o.get("evalue", "")[:8000])
import glob as _g
for f in _g.glob(f"{d}/feedback/mallory/ps1_memory/*.html") + [f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb"]:
    t = open(f).read()
    i = t.find("OBSREC")
    print(f, i)
    if i >= 0:
        print(t[i:i + 6000])
        break
