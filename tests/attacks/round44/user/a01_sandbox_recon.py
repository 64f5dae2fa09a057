"""a01: recon from inside a graded kernel (ordinary-user grader): descriptors of every visible process, mounts,
writable paths, unix sockets reachable, per-process knobs of same-uid processes (bwrap init, placeholder), and
a battery of unfiltered calls. Honest answers kept, so the score shows whether recon cost anything."""
import sys, json, os, glob
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
RECON = r'''
import os, glob, json, ctypes, socket, errno, fcntl, signal, resource
out = {}
procs = {}
for p in sorted(glob.glob("/proc/[0-9]*")):
    pid = p.rsplit("/",1)[1]
    try:
        st = open(p+"/status").read()
        name = [l for l in st.splitlines() if l.startswith(("Name","Uid","PPid","NoNewPrivs","Seccomp:","CapEff"))]
    except Exception as e:
        name = [repr(e)]
    fds = {}
    for f in glob.glob(p+"/fd/*"):
        try:
            fds[f.rsplit("/",1)[1]] = os.readlink(f) + " " + open(p+"/fdinfo/"+f.rsplit("/",1)[1]).read().split("\n")[1]
        except Exception as e:
            fds[f.rsplit("/",1)[1]] = repr(e)[:60]
    try: cmd = open(p+"/cmdline","rb").read().replace(b"\0",b" ")[:150].decode()
    except Exception as e: cmd = repr(e)
    procs[pid] = dict(status=name, fds=fds, cmd=cmd)
out["procs"] = procs
out["mounts"] = [l.split(" - ")[0].split(" ",4)[4][:90] + " | " + l.split(" - ")[1][:40] for l in open("/proc/self/mountinfo")]
w = []
for d in ["/", "/tmp", "/dev/shm", os.getcwd(), "/usr", "/etc", "/proc/sys", "/sys/devices/system/cpu", os.environ.get("JUPYTER_RUNTIME_DIR","/nonexist")]:
    try:
        fn = os.path.join(d, ".w%d" % os.getpid()); open(fn,"w").close(); os.unlink(fn); w.append(d+": writable")
    except Exception as e: w.append(d+": "+type(e).__name__+" "+str(getattr(e,"errno","")))
out["writable"] = w
socks = []
for root in ["/usr", "/etc", "/tmp", "/dev", "/var", "/run", os.environ.get("JUPYTER_RUNTIME_DIR","/x")]:
    for dp, dn, fn in os.walk(root):
        for f in fn:
            pth = os.path.join(dp,f)
            try:
                import stat
                if stat.S_ISSOCK(os.lstat(pth).st_mode): socks.append(pth)
            except Exception: pass
        if len(socks) > 50: break
out["sockets"] = socks
out["env"] = sorted(os.environ)
out["rlimits"] = {n: resource.getrlimit(getattr(resource,n)) for n in dir(resource) if n.startswith("RLIMIT_")}
out["ids"] = (os.getuid(), os.getgid(), os.getgroups())
# knobs of pid 1 and others (same uid)
kn = {}
for pid in list(procs):
    for k in ("oom_score_adj", "timerslack_ns", "comm", "autogroup", "coredump_filter", "clear_refs", "attr/current", "loginuid", "sched"):
        try:
            f = open("/proc/%s/%s" % (pid, k), "r+"); f.close(); kn[pid+"/"+k] = "r+ ok"
        except Exception as e: kn[pid+"/"+k] = type(e).__name__ + str(getattr(e,"errno",""))
out["knobs"] = kn
libc = ctypes.CDLL(None, use_errno=True)
def sc(nr, *a):
    r = libc.syscall(nr, *a); return (r, ctypes.get_errno() if r < 0 else 0)
calls = {}
calls["fanotify_init"] = sc(300, 0, 0)
calls["add_key"] = sc(248, b"user", b"x", b"y", 1, ctypes.c_long(-4))
calls["memfd_create"] = sc(319, b"x", 0)
calls["timerfd_create"] = sc(283, 1, 0)
calls["signalfd4"] = sc(289, ctypes.c_long(-1), ctypes.byref(ctypes.c_ulonglong(0)), 8, 0)
calls["eventfd2"] = sc(290, 0, 0)
calls["epoll_create1"] = sc(291, 0)
calls["mseal"] = sc(462, 0, 0, 0)
calls["landlock_create_ruleset"] = sc(444, 0, 0, 1)
calls["futex_waitv"] = sc(449, 0, 0, 0, 0, 0)
calls["set_mempolicy_home_node"] = sc(450, 0, 0, 0, 0)
calls["fchmodat2"] = sc(452, ctypes.c_long(-100), b"/tmp", 0o777, 0)
calls["process_mrelease"] = sc(448, 0, 0)
calls["personality_query"] = sc(135, 0xffffffff)
calls["seccomp_get_action_avail"] = sc(317, 2, 0, ctypes.byref(ctypes.c_uint(0x7fc00000)))
calls["open_by_handle_at"] = sc(304, 0, 0, 0)
calls["ioprio_get"] = sc(252, 1, 0)
calls["migrate_pages_pid1"] = sc(256, 1, 64, 0, 0)
calls["sched_setaffinity_pid1"] = sc(203, 1, 8, ctypes.byref(ctypes.c_ulong(1)))
calls["vhangup"] = sc(153)
calls["uselib"] = sc(134, b"/nonexist")
calls["io_pgetevents"] = sc(333, 0, 0, 0, 0, 0, 0)
calls["rseq_bad"] = sc(334, 0, 0, 0, 0)
calls["pkey_alloc"] = sc(330, 0, 0)
calls["mlock2"] = sc(325, 0, 0, 0)
calls["statx_root"] = sc(332, ctypes.c_long(-100), b"/", 0, 0xfff, ctypes.create_string_buffer(256))
calls["lsm_list_modules"] = sc(461, ctypes.create_string_buffer(64), ctypes.byref(ctypes.c_uint(64)), 0)
calls["clone3"] = sc(435, 0, 0)
calls["socket_unix_dgram"] = sc(41, 1, 2, 0)
calls["socket_packet"] = sc(41, 17, 3, 0)
calls["socket_netlink_audit"] = sc(41, 16, 3, 9)
calls["socket_inet_raw"] = sc(41, 2, 3, 1)
calls["socket_inet_icmp_dgram"] = sc(41, 2, 2, 1)
out["calls"] = calls
print("RECON-BEGIN")
print(json.dumps(out))
print("RECON-END")
'''

def build():
    src = source_nb(A)
    over = {"quiz_q5": None}
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + RECON
    return nb

if __name__ == "__main__":
    d = make_course("a01")
    hand_in(d, AARON, A, honest(A))
    hand_in(d, MALLORY, A, build())
    hand_in(d, ZOE, A, honest(A))
    grade(d, A)
    scores(d)
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            t = "".join(o.get("text", ""))
            if "RECON-BEGIN" in t:
                data = json.loads(t.split("RECON-BEGIN\n")[1].split("\nRECON-END")[0])
                json.dump(data, open("tests/attacks/round44/user/a01.recon.json", "w"), indent=1)
                for k in ("mounts", "writable", "sockets", "rlimits", "ids", "calls"):
                    print(k, json.dumps(data[k], indent=0)[:3000])
                for pid, p in data["procs"].items():
                    print("PROC", pid, p["cmd"][:100], p["status"], json.dumps(p["fds"])[:1500])
                print("KNOBS", {k: v for k, v in data["knobs"].items() if "ok" in v})
            elif o.get("output_type") == "error":
                print("ERR", o.get("ename"), o.get("evalue"))
