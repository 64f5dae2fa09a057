# --- student's probe (runs in the graded kernel's sandbox) ---
import os, resource, socket, subprocess, sys, time
def _p(*a): print("PROBE", *a, flush=True)
_p("uid", os.getuid(), "oom_score_adj", open("/proc/self/oom_score_adj").read().strip())
for v in ("0", "-1"):
    try:
        open("/proc/self/oom_score_adj", "w").write(v); _p("oom_score_adj set to", v, "->", open("/proc/self/oom_score_adj").read().strip())
    except OSError as e:
        _p("oom_score_adj", v, "refused", e)
_p("RLIMIT_NPROC", resource.getrlimit(resource.RLIMIT_NPROC), "RLIMIT_DATA", resource.getrlimit(resource.RLIMIT_DATA))
_p("visible pids", len([p for p in os.listdir("/proc") if p.isdigit()]))
try:
    from helpers import _private_network as pn
    _p("network_for", pn.network_for("auto", "fork"), pn._STATE)
except Exception as e:
    _p("network_for error", repr(e))
for port in (22, 5432, 8888):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close(); _p("host port", port, "REACHED")
    except OSError as e:
        _p("host port", port, "no:", e.strerror)
import helpers
def _shout(n):
    import sys
    sys.stdout.write(("x" * 999 + "\n") * n); sys.stdout.flush()
    return n
t = time.time(); helpers.launch(_shout, 2, 3000); _p("ranks printed 2 x 3 MB in", round(time.time() - t, 2), "s")
# --- end probe ---
