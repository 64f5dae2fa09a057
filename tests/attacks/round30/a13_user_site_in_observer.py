"""a13: the lead of a GPU machine's fork server restarted after student code ran (README, leads). On this CPU host,
from a check's child in the observer's sandbox: the observer's flags (no_user_site, isolated, safe_path), HOME,
PYTHONNOUSERSITE, the user site directory; then plant `$USER_SITE/zz.pth` and start a fresh interpreter with the
observer's environment (what multiprocessing's ensure_running would exec): does the .pth run there?"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

sol = solutions()
probe = sol["split_model"].replace("def split_model(", "def _real_split_model(", 1) + r'''

def split_model(*a, **k):
    import sys, os, site, subprocess
    obs = sys.modules.get('probes.observer')
    if obs is not None and obs.ACTIVE:
        f = sys.flags
        info = [f"flags isolated={f.isolated} no_user_site={f.no_user_site} safe_path={getattr(f, 'safe_path', '?')}",
                f"HOME={os.environ.get('HOME')} PYTHONNOUSERSITE={os.environ.get('PYTHONNOUSERSITE')} "
                f"PYTHONSAFEPATH={os.environ.get('PYTHONSAFEPATH')} USER_SITE={site.USER_SITE} ENABLE={site.ENABLE_USER_SITE}"]
        try:
            os.makedirs(site.USER_SITE, exist_ok=True)
            with open(os.path.join(site.USER_SITE, "zz.pth"), "w") as fh:
                fh.write("import sys; sys.stderr.write('PTH-RAN\\n')\n")
            r = subprocess.run([sys.executable, "-c", "import sys; print('child', sys.flags.no_user_site)"],
                               capture_output=True, text=True, timeout=60)
            info.append(f"fresh interpreter: out={r.stdout.strip()!r} err={r.stderr.strip()[:200]!r}")
        except Exception as e:
            info.append(f"plant failed: {type(e).__name__}: {e}")
        raise RuntimeError("USERSITE " + " | ".join(info))
    return _real_split_model(*a, **k)
'''
root, p = course("a13", "ps1_memory", {"mallory": {"split_model": probe}})
print("scores:", scores(root))
for i, t in outputs(root, "mallory", grep="USERSITE"):
    print(f"--- cell {i}\n{t[:1500]}")
