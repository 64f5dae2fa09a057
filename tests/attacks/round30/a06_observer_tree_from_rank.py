"""a06: the observer's sandbox seen from a rank (two_stage_step, rank 0 and 1) and from a check's child (split_model):
every process, its session, whether its /proc/<pid>/mem opens for writing (dumpable, same user: a process whose memory
the student's code could rewrite) and whether it survives the sweep (a fork server or resource tracker the observer
keeps). Raised as the check's exception (the observer's stderr goes nowhere), read from the autograded notebook's outputs."""
import os, sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

TREE = r'''
def _tree(where):
    import os
    me = os.getpid()
    rows = []
    for p in sorted(int(x) for x in os.listdir("/proc") if x.isdigit()):
        try:
            st = open(f"/proc/{p}/stat").read()
            rest = st[st.rindex(")") + 2:].split()
            comm = st[st.index("(") + 1:st.rindex(")")]
            own = os.stat(f"/proc/{p}").st_uid
            try:
                fd = os.open(f"/proc/{p}/mem", os.O_RDWR); os.close(fd); mem = "MEMW"
            except OSError as e:
                mem = f"mem-e{e.errno}"
            cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ")[:80].decode("ascii", "replace")
            rows.append(f"{p}:{comm}:ppid{rest[1]}:sid{rest[3]}:u{own}:{mem}:{cmd}")
        except OSError as e:
            rows.append(f"{p}:err{e.errno}")
    raise RuntimeError(("TREE " + where + f" me={me} " + " | ".join(rows))[:1990])
'''
sol = solutions()
child_code = TREE + sol["split_model"].replace("def split_model(", "def _real_split_model(", 1) + \
    "\n\ndef split_model(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        _tree('child')\n    return _real_split_model(*a, **k)\n"
rank_code = TREE + sol["two_stage_step"].replace("def two_stage_step(", "def _real_tss(", 1) + \
    "\n\ndef two_stage_step(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        _tree('rank%d' % dist.get_rank())\n    return _real_tss(*a, **k)\n"
fail = sol["partition_layers"] + '''
from IPython.display import publish_display_data as _p
_p({"text/plain": 12345})  # nbformat refuses it: the grading fails and its log is kept
'''
root, p = course("a06", "ps1_memory", {"mallory": {"split_model": child_code, "two_stage_step": rank_code}})
print("scores:", scores(root))
r = report(root)
print("report:", [(x.get("student"), x.get("status"), x.get("log")) for x in r] if isinstance(r, list) else r)
for i, t in outputs(root, "mallory", grep="TREE"):
    print(f"--- cell {i}\n{t[:4000]}")
