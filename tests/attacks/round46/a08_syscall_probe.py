"""a08: calls next to the filter's refusals, from a kernel: sendfile() from a file into a pipe (what splice/tee/
vmsplice, refused since round 12, do: page references held by a pipe), copy_file_range() from the venv into /tmp,
user xattrs on the sandbox's tmpfs (kernel memory per inode), clone(CLONE_PIDFD) then pidfd_send_signal(SIGSTOP)
and process_mrelease() on that pidfd (pidfd_open is refused), PR_SET_MM, and personality(). Controls around."""
import json
from harness import *
PAYLOAD = r'''
import os, ctypes, errno, json, signal, time
libc = ctypes.CDLL(None, use_errno=True)
res = {}
def call(name, fn):
    try:
        r = fn(); res[name] = r
    except OSError as e:
        res[name] = "OSError " + errno.errorcode.get(e.errno, str(e.errno))
    except Exception as e:
        res[name] = repr(e)[:120]
src = os.path.join(os.path.dirname(os.__file__), "os.py")
def sendfile_pipe():
    r, w = os.pipe(); fd = os.open(src, os.O_RDONLY)
    n = os.sendfile(w, fd, 0, 65536); return f"{n} bytes moved into a pipe"
call("sendfile(file->pipe)", sendfile_pipe)
def cfr():
    fd = os.open(src, os.O_RDONLY); out = os.open("/tmp/cfr", os.O_WRONLY | os.O_CREAT, 0o600)
    return f"{os.copy_file_range(fd, out, 1 << 20)} bytes"
call("copy_file_range", cfr)
def xattr():
    open("/tmp/x", "w").close(); n = 0
    for i in range(2000):
        os.setxattr("/tmp/x", f"user.k{i}", b"v" * 4000); n += 1
    return f"{n} user xattrs of 4000 B on one tmpfs file"
call("user xattrs", xattr)
def pidfd():
    CLONE_PIDFD = 0x1000
    pfd = ctypes.c_int(-1)
    libc.syscall.restype = ctypes.c_long
    # raw clone(flags, stack=0, parent_tid=&pfd, child_tid=0, tls=0) on x86_64
    pid = libc.syscall(56, CLONE_PIDFD | signal.SIGCHLD, 0, ctypes.byref(pfd), 0, 0)
    if pid == 0:
        time.sleep(5); os._exit(0)
    if pid < 0:
        return "clone: " + errno.errorcode.get(ctypes.get_errno(), "?")
    out = {"pidfd": pfd.value}
    r = libc.syscall(424, pfd.value, signal.SIGSTOP, 0, 0); out["pidfd_send_signal(SIGSTOP)"] = r if r == 0 else errno.errorcode.get(ctypes.get_errno())
    r = libc.syscall(448, pfd.value, 0); out["process_mrelease"] = r if r == 0 else errno.errorcode.get(ctypes.get_errno())
    os.kill(pid, 9); os.waitpid(pid, 0)
    return out
call("clone(CLONE_PIDFD)", pidfd)
call("prctl(PR_SET_MM, START_BRK)", lambda: libc.prctl(35, 6, 0, 0, 0) or errno.errorcode.get(ctypes.get_errno()))
call("personality(READ_IMPLIES_EXEC)", lambda: libc.personality(0x0400000))
print("A08" + json.dumps(res))
'''
d, r, sc = run_class("a08", "ps1_memory", {"mallory": with_payload("ps1_memory", "quiz_q1", PAYLOAD)})
o = outputs(d, "mallory", "ps1_memory")
i = o.find("A08{")
print(o[i:o.find("\n", i)] if i >= 0 else o[:3000])
shutil.rmtree(d)
