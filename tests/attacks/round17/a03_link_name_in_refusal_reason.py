"""a03: a refused hand-in's reason quotes the name of the link it holds unescaped.

The refusal of a hand-in holding a link (round 9's links) names the path: `_describe` writes `{shown} is a symbolic
link (to {target!r})`, where `shown` is the path as it is on disk. The check for control characters in names comes
after that one, so a link whose NAME holds a line break, a terminal escape or bytes that are not UTF-8 reaches the
reason raw. Where does that reason go: the grader's terminal output, grading_report.json. The threat model promises
"a failure reason is printed with its control characters escaped"; a name that is not UTF-8 (a surrogate in Python)
may also fail the print itself.

Variants (one grading each, aa_honest and zz_honest graded around mallory):
  ctl:   a link named "x\\n<line of our own>\\x1b]0;TITLE\\x07\\x1b[2J" (newline, OSC title, clear screen)
  bytes: a link named b"\\xff\\xfe" (not UTF-8)
Through `python -m grader.grade --course-dir DIR --workers 1`."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common17 import *  # noqa
import subprocess, time

A = "ps1_memory"
FORGED = b"\nzz_honest graded 30.0 of 30.0 FORGED"
NAMES = {
    "ctl": b"x\nzz_honest graded 30.0 of 30.0 FORGED LINE\x1b]0;PWNED-TITLE\x07\x1b[2J",
    "bytes": b"\xff\xfe-not-utf8",
}


def run(tag, name):
    dest = f"/tmp/attack17-a03-{tag}"
    h = honest(A)
    course(dest, {"aa_honest": h, "mallory": notebook(assignment=A), "zz_honest": h}, A)
    os.symlink(b"/etc/hostname", os.path.join(os.fsencode(dest), b"submitted/mallory/ps1_memory/", name))
    env = {**os.environ, **CANARY_ENV}
    cmd = [PY, "-m", "grader.grade", "--course-dir", dest, "--workers", "1"]
    t = time.time()
    p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True)
    print(f"== variant {tag}: grade rc={p.returncode} in {time.time() - t:.0f}s")
    for stream, data in (("stdout", p.stdout), ("stderr", p.stderr)):
        raw = [l for l in data.split(b"\n") if b"mallory" in l or b"FORGED" in l or b"\x1b" in l or b"\xff" in l
               or b"Traceback" in l or b"Error" in l]
        print(f"-- {stream}: lines naming mallory / holding ESC, 0xff or errors (as Python bytes reprs):")
        for l in raw[:12]:
            print("   ", repr(l)[:400])
        print(f"   raw ESC bytes in {stream}: {data.count(bytes([27]))}; raw 0xff bytes: {data.count(bytes([255]))}; "
              f"the forged line begins a line: {FORGED in data}")
    rp = os.path.join(dest, "grading_report.json")
    if os.path.exists(rp):
        raw = open(rp, "rb").read()
        rep = json.loads(raw)
        rows = rep if isinstance(rep, list) else rep.get("submissions", [rep])
        print("-- grading_report.json: raw ESC bytes", raw.count(bytes([27])), "; mallory's entry:",
              [e for e in rows if "mallory" in json.dumps(e)][:1])
    sc = scores(dest)
    print("RESULT", tag, "rc", p.returncode, {s: (v["score"], v["max"]) for s, v in sorted(sc.items())})
    cleanup(dest)


for tag, name in NAMES.items():
    if len(sys.argv) < 2 or tag in sys.argv[1:]:
        run(tag, name)
