"""a07: bwrap's init and the placeholder are writable through /proc/<pid>/mem by every process of a sandbox (a01, a06:
MEMW). If either ran without the seccomp filter (bwrap applies --seccomp to its program; older bwrap left its init
unfiltered), rewriting its memory would reopen every refused call (stop signals to the observer, AIO, netlink...).
Reads Seccomp/Seccomp_filters/NoNewPrivs/CapEff/CapBnd of every process in the kernel's and the observer's sandbox."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

ST = r'''
def _st(where):
    import os
    rows = []
    for p in sorted(int(x) for x in os.listdir("/proc") if x.isdigit()):
        try:
            d = dict(l.split(":", 1) for l in open(f"/proc/{p}/status").read().splitlines() if ":" in l)
            rows.append(f"{p}:{d['Name'].strip()}:seccomp={d['Seccomp'].strip()}/{d.get('Seccomp_filters','?').strip()}"
                        f":nnp={d['NoNewPrivs'].strip()}:eff={d['CapEff'].strip()}:bnd={d['CapBnd'].strip()}")
        except (OSError, KeyError) as e:
            rows.append(f"{p}:err{e}")
    return f"ST {where} " + " | ".join(rows)
'''
sol = solutions()
child_code = ST + sol["split_model"].replace("def split_model(", "def _real_split_model(", 1) + \
    "\n\ndef split_model(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        raise RuntimeError(_st('child'))\n    return _real_split_model(*a, **k)\n"
kernel_code = ST + "\nprint(_st('kernel'))\n" + sol["partition_layers"]
root, p = course("a07", "ps1_memory", {"mallory": {"split_model": child_code, "partition_layers": kernel_code}})
print("scores:", scores(root))
for i, t in outputs(root, "mallory", grep="ST "):
    print(f"--- cell {i}\n{t[:3000]}")
