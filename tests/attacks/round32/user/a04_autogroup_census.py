"""a04: from inside the observer's sandbox (a check's child running training_memory, and both ranks running
two_stage_step): census of every process visible there (pid, comm, session, owner of /proc/pid/autogroup), and an
attempt to open each OTHER session's /proc/<pid>/autogroup for writing and set nice 19 there (a process whose
autogroup is the observer's session's would slow the observer). Also from the kernel: bwrap's init session."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
census = r'''
def _census(tag):
    import os
    me = os.getsid(0); rows = []
    for p in sorted((int(x) for x in os.listdir("/proc") if x.isdigit())):
        try:
            st = open(f"/proc/{p}/stat").read(); comm = st[st.find("(")+1:st.rfind(")")]
            f = st[st.rfind(")")+2:].split(); sid = int(f[3])
            ag = open(f"/proc/{p}/autogroup").read().strip()
            owner = os.stat(f"/proc/{p}/autogroup").st_uid
            res = "own-session"
            if sid != me:
                try:
                    with open(f"/proc/{p}/autogroup", "w") as fh: fh.write("19")
                    res = "WROTE 19 -> " + open(f"/proc/{p}/autogroup").read().strip()
                except OSError as e:
                    res = "refused " + type(e).__name__ + str(e.errno)
            rows.append(f"{p} {comm} sid={sid} owner={owner} {ag} :: {res}")
        except Exception as e:
            rows.append(f"{p} ? {e}")
    try:
        with open("/tmp/census_" + tag + "_%d.txt" % os.getpid(), "w") as fh: fh.write("\n".join(rows))
    except OSError:
        pass
    return rows
'''
tm = census + sol(A, "training_memory").replace("def training_memory(model, optimizer):",
      "def training_memory(model, optimizer):\n    import sys as _s\n    _ob = _s.modules.get('probes.observer')\n    if _ob is not None and getattr(_ob, 'ACTIVE', False):\n        raise RuntimeError('CENSUS-CHECK ' + ' || '.join(_census('check')))")
kernel_side = sol(A, "quiz_q1") + "\n" + census + "\nfor r in _census('kernel'): print('K', r)\n"
d = make_course("a04", A, {"mallory": {"training_memory": tm, "quiz_q1": kernel_side}})
grade(d, A)
scores(d, A)
print("CHECK-CHILD CENSUS:", [l for l in outputs(d, "mallory", A).split("\\n") if "CENSUS" in l][:3])
print("KERNEL CENSUS:\n", outputs(d, "mallory", A, "quiz_q1")[:3000])
rep = json.load(open(f"{d}/grading_report.json"))
print("TIMES:", [(o["student"], round(o["seconds"], 1)) for o in rep])
