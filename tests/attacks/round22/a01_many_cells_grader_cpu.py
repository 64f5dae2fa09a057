"""a01: re-attack of round 21's fix (the grading process's whole CPU for a notebook capped at 30 s, on a timer that
runs only while the notebook *executes*) by another way: CPU the grader spends on the hand-in itself, before and after
execution (nbformat reads and validation, nbgrader's sanitising preprocessors, writing the graded notebook, the
feedback page), none of which the timer watches and none of which runs in the sandbox's CPU share. The hand-in stays
under both admission caps (64 MiB, 200,000 JSON lists and objects): the release notebook plus N markdown cells of
one character, no nbgrader metadata (nothing to execute), each cell's source a JSON string, not a list (2 containers
a cell: the cell and its metadata). Measured as round 18 a03: CPU seconds of the grading command's processes as root
(grader side) and as the sandbox's host uid, beside an honest student (the control); plus each root process's CPU
(pid, first and last seen, seconds after the command started)."""
import os, sys, json, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common22 import *  # noqa
from common22 import _descends, GRADER  # noqa
import nbformat

A = "ps1_memory"
N = int(os.environ.get("N", "98000"))
TCK = os.sysconf("SC_CLK_TCK")


def hostile():
    def mutate(nb):
        for _ in range(N):
            nb.cells.append(nbformat.v4.new_markdown_cell("x"))
    return notebook(mutate=mutate, assignment=A)


class PerProcess(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.seen, self.t0 = False, {}, time.time()

    def run(self):
        while not self.stop:
            top = GRADER.get("pid")
            for p in os.listdir("/proc"):
                if not p.isdigit() or top is None:
                    continue
                pid = int(p)
                try:
                    st = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
                    uid = next(int(l.split()[1]) for l in open(f"/proc/{pid}/status") if l.startswith("Uid:"))
                    cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")[-70:]
                except (OSError, StopIteration):
                    continue
                if uid != 0 or not _descends(pid, top):
                    continue
                now = round(time.time() - self.t0, 1)
                ticks = int(st[11]) + int(st[12])
                old = self.seen.get(pid)
                self.seen[pid] = (max(ticks, old[0] if old else 0), old[1] if old else now, now, cmd)
            time.sleep(0.25)

    def show(self):
        rows = sorted(self.seen.items(), key=lambda kv: -kv[1][0])[:8]
        for pid, (ticks, first, last, cmd) in rows:
            print(f"  root pid {pid}: {ticks / TCK:6.1f} CPU-s, seen {first}-{last} s: ...{cmd}")


def patch(path):
    """Each new markdown cell's source as one JSON string (nbformat writes a list of lines: one more container)."""
    nb = json.load(open(path))
    for c in nb["cells"]:
        if c["cell_type"] == "markdown" and c["source"] == ["x"]:
            c["source"] = "x"
    json.dump(nb, open(path, "w"))


def main():
    r = r18_runner("/tmp/attack22-a01-", A)
    if os.environ.get("BASE"):
        r.run("base", {"alice": honest(A), "zz_honest": honest(A)}, 1)
    m = hostile()
    original_course = r.course

    def course_then_patch(dest, students, a):
        out = original_course(dest, students, a)
        p = os.path.join(dest, "submitted", "mallory", A, f"{A}.ipynb")
        patch(p)
        print(f"hand-in: {len(m.cells)} cells, {os.path.getsize(p) / 2**20:.1f} MiB", flush=True)
        return out

    r.course = course_then_patch
    per = PerProcess()
    per.start()
    r.run(f"N{N}", {"mallory": m, "zz_honest": honest(A)}, 1)
    per.stop = True
    print("root processes of the grading command by CPU (the fork server's children: grading children, feedback pages):")
    per.show()


if __name__ == "__main__":
    main()
