"""a02: what a hand-in makes the *main* grading process hold. The grader refuses a notebook over 64 MiB or with more
than 200,000 JSON lists and objects "before anything reads it", and caps each of its children at 2 GiB. But the
check that a hand-in's nbgrader metadata is the release's (`refusal`) runs in the grading command's own process
(no child, no data cap) and json.load()s every .ipynb of the hand-in, whole. A JSON array of 16 million floats
("1e1," is 4 bytes, one container) is a 64 MiB file within both caps; in Python it is 16 M float objects (24 bytes)
plus 8 bytes of list slot each: ~512 MiB, plus the 64 MiB text. WHERE=inline (default): the array is in the hand-in's own notebook's
metadata, the file just under 64 MiB. WHERE=scratch (tries 1-2): NB scratch notebooks beside the real one (never
loaded by the check: it reads only notebooks the release also has).
Measured: the largest peak RSS (VmHWM) of the grading command's processes (and which), vs two honest students.
Through `python -m grader.grade --course-dir DIR --workers 1`, mallory + an honest student (control)."""
import os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common23 import *  # noqa
from common23 import GRADER, ROOT, _descends  # noqa

A = "ps1_memory"
NB = int(os.environ.get("NB", "2"))


class Peak(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.peak, self.who, self.top = False, 0, "", 0

    def run(self):
        while not self.stop:
            top = GRADER.get("pid")
            for p in os.listdir("/proc"):
                if not p.isdigit() or top is None or not _descends(int(p), top):
                    continue
                try:
                    hwm = next(int(l.split()[1]) << 10 for l in open(f"/proc/{p}/status") if l.startswith("VmHWM"))
                    if int(p) == top:
                        self.top = max(self.top, hwm)
                    if hwm > self.peak:
                        cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode()[:70]
                        data = next(l.split()[3] for l in open(f"/proc/{p}/limits") if l.startswith("Max data size"))
                        self.peak, self.who = hwm, f"pid {p} {cmd.replace(ROOT, '<clone>')} (RLIMIT_DATA soft {data})"
                except (OSError, StopIteration):
                    pass
            time.sleep(0.1)


def scratch(path):
    n = (64 * 2**20 - 200) // 4
    with open(path, "w") as fh:
        fh.write('{"cells": [], "metadata": {"x": [' + "1e1," * (n - 1) + '1e1]}, "nbformat": 4, "nbformat_minor": 5}')


def inline(path):
    """The array in the hand-in's own notebook's metadata (only a notebook the release also has is read by the
    check: try 2 showed scratch notebooks are never loaded), the file kept just under 64 MiB."""
    import json
    nb = json.load(open(path))
    nb["metadata"]["x"] = "@@"
    text = json.dumps(nb)
    n = (int(os.environ.get("MIB", "64")) * 2**20 - len(text) - 64) // 4
    with open(path, "w") as fh:
        fh.write(text.replace('"@@"', "[" + "1e1," * (n - 1) + "1e1]"))
    print("mallory's notebook:", os.path.getsize(path), "bytes")


def run(tag, students, extra, workers=1):
    dest = f"/tmp/attack23-a02-{tag}"
    course(dest, students, A)
    for s in extra:
        if os.environ.get("WHERE", "inline") == "inline":
            inline(os.path.join(dest, "submitted", s, A, f"{A}.ipynb"))
            continue
        for i in range(NB):
            scratch(os.path.join(dest, "submitted", s, A, f"scratch{i}.ipynb"))
    pk = Peak(); pk.start()
    t = time.time()
    rc = grade(dest) if workers == 1 else grade_workers(dest, workers)
    pk.stop = True
    sc = scores(dest)
    print(f"RESULT {tag}: rc={rc} {time.time() - t:.0f} s; largest peak RSS of the grading command's processes "
          f"{pk.peak >> 20} MiB, {pk.who}; peak RSS of the grading command's own process (which runs the check) {pk.top >> 20} MiB; scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}", flush=True)
    rp = os.path.join(dest, "grading_report.json")
    if os.path.exists(rp):
        print(open(rp).read()[:1500])
    cleanup(dest)


def grade_workers(dest, workers):
    import subprocess
    cmd = [PY, "-m", "grader.grade", "--course-dir", dest, "--workers", str(workers)]
    print("$", " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **CANARY_ENV}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    GRADER["pid"] = proc.pid
    out, err = proc.communicate(timeout=1500)
    print(out[-1500:].replace(ROOT, "<clone>"), err[-1500:].replace(ROOT, "<clone>"), flush=True)
    return proc.returncode


def main():
    h = honest(A)
    if os.environ.get("BASE", "1") == "1":
        run("base", {"aa_honest": h, "zz_honest": h}, [])
    if os.environ.get("TWO"):  # two such hand-ins, --workers 2: are they held at once?
        run("two", {"mallory": h, "mallory2": h, "zz_honest": h}, ["mallory", "mallory2"], workers=2)
        return
    run("scratch", {"mallory": h, "zz_honest": h}, ["mallory"])


if __name__ == "__main__":
    main()
