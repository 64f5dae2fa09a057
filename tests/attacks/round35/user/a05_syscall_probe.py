"""a05: what the filter answers, from a kernel as uid 65534, for calls at its edges: clone3 (flags in memory),
sendfile into a pipe (page-cache references held by a pipe, like the refused splice/vmsplice/tee), copy_file_range,
newer calls (listmount 458, statmount 457, open_tree_attr 467, mseal 462, lsm_get_self_attr 459), fanotify_mark,
landlock, process_mrelease (448), and the sandbox's view of other uid-65534 processes. Controls aaron, zoe."""
from harness import *
PROBE = r'''
import ctypes, os, errno
libc = ctypes.CDLL(None, use_errno=True)
def sc(n, *a):
    r = libc.syscall(n, *[ctypes.c_long(x) for x in a]); e = ctypes.get_errno()
    return (r, errno.errorcode.get(e, e) if r < 0 else "")
res = {}
buf = ctypes.create_string_buffer(256)
res["clone3(CLONE_NEWUSER)"] = sc(435, ctypes.addressof(buf), 0)  # size 0: EINVAL if it reaches the kernel
for name, n in [("statmount", 457), ("listmount", 458), ("lsm_get_self_attr", 459), ("mseal", 462), ("open_tree_attr", 467),
                ("process_mrelease", 448), ("fanotify_mark", 301), ("landlock_create_ruleset", 444), ("futex_waitv", 449),
                ("set_mempolicy_home_node", 450), ("fchmodat2", 452), ("map_shadow_stack", 453)]:
    res[name] = sc(n, 0, 0, 0, 0, 0)
r, w = os.pipe()
fd = os.open("/usr/lib/os-release" if os.path.exists("/usr/lib/os-release") else "/etc/passwd", os.O_RDONLY)
try:
    res["sendfile(file->pipe)"] = os.sendfile(w, fd, 0, 4096)
except OSError as e:
    res["sendfile(file->pipe)"] = e.errno
try:
    res["copy_file_range(file->pipe)"] = os.copy_file_range(fd, w, 4096)
except OSError as e:
    res["copy_file_range(file->pipe)"] = errno.errorcode.get(e.errno)
res["pids"] = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())[:20]
res["uid"] = os.getuid()
for k, v in res.items(): print("PROBE", k, v)
'''
CODE = '### BEGIN SOLUTION\nq1 = "b"\n### END SOLUTION\n' + PROBE
d = course("a05")
handin(d, "aaron", honest())
handin(d, "mallory", fill(release(), nbformat.read(f"{CLONE}/source/{A}/{A}.ipynb", 4), {"quiz_q1": CODE}))
handin(d, "zoe", honest())
grade(d); scores(d)
nb = json.load(open(f"{d}/autograded/mallory/{A}/{A}.ipynb"))
for c in nb["cells"]:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.get("outputs", []):
            print("".join(o.get("text", "")) or o)
