"""a01: sessions, process groups, autogroups and cgroups of every process a check's child (observer's sandbox),
a rank and the kernel can see; then write nice 19 into every OTHER process's /proc/<pid>/autogroup that opens,
and re-read the observer's autogroup. Question: does bwrap's init (pid 1, the sandbox's user) share a session
(so an autogroup) with the observer, making the session fix of rounds 28/29 reachable by another path?"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

MAP = r'''
def _map(where):
    import os
    me = os.getpid()
    out = [f"{where} me={me} ppid={os.getppid()} sid={os.getsid(0)}"]
    def row(p):
        try:
            st = open(f"/proc/{p}/stat").read()
            rest = st[st.rindex(")") + 2:].split()
            comm = st[st.index("(") + 1:st.rindex(")")]
            ag = open(f"/proc/{p}/autogroup").read().strip()
            cg = [l.split(":", 2)[2] for l in open(f"/proc/{p}/cgroup").read().split("\n") if ":cpu:" in l or l.startswith("0::")]
            uid = os.stat(f"/proc/{p}").st_uid
            return f"{p}:{comm}:ppid{rest[1]}:pg{rest[2]}:sid{rest[3]}:u{uid}:{ag}:cg{cg}"
        except OSError as e:
            return f"{p}:ERR{e.errno}"
    pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    out += [row(p) for p in pids]
    wrote = []
    for p in pids:
        if p == me:
            continue
        try:
            with open(f"/proc/{p}/autogroup", "w") as fh:
                fh.write("19")
            wrote.append(p)
        except OSError as e:
            pass
    out.append(f"WROTE19 {wrote}")
    out += ["after " + row(p) for p in pids]
    return "\n".join(out)
'''
sol = solutions()
child_code = MAP + sol["split_model"].replace("def split_model(", "def _real_split_model(", 1) + \
    "\n\ndef split_model(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        raise RuntimeError('MAPC ' + _map('child')[:1990])\n    return _real_split_model(*a, **k)\n"
kernel_code = MAP + "\nprint('MAPK', _map('kernel'))\n" + sol["partition_layers"]
root, p = course("a01", "ps1_memory", {"mallory": {"split_model": child_code, "partition_layers": kernel_code}})
print("scores:", scores(root))
r = report(root)
print("report:", [(x.get("student"), x.get("status")) for x in r] if isinstance(r, list) else r)
for tag in ("MAPK", "MAPC"):
    for i, t in outputs(root, "mallory", grep=tag):
        print(f"--- cell {i} {tag}\n{t[:6000]}")
