"""a03: re-attack of round 15's fix ("the checks before a hand-in is read refuse it on any exception; a failing
worker ends the run with exit 1") and of the class steps after grading, through JSON that is valid for some
readers and not for others:
  m1_bigint  : notebook metadata holding an integer of 5,000 digits (Python's int parser refuses more than 4,300
               digits: ValueError inside json.loads, wherever the grader or nbgrader reads it),
  m2_inf     : metadata and a cell's metadata holding 1e400 (read as inf) and NaN (written back as Infinity/NaN,
               which strict JSON readers refuse),
  m3_strlist : every code cell's source a list of 1,000,000 one-character strings (few JSON lists, many strings).
Honest ps1 students are graded before (aa) and after (zz). The run should end rc 0 with the honest ones at 24/24 and
feedback written, and each hostile one refused or failed for itself only."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u17 import *

A = "ps1_memory"


def raw(nb):
    return json.loads(nbformat.writes(nb))


def m1(d):
    j = raw(release_nb(A))
    s = json.dumps(j)
    s = s.replace('"metadata": {', '"metadata": {"big": ' + "7" * 5000 + ', ', 1)
    open(os.path.join(d, fname(A)), "w").write(s)


def m2(d):
    j = raw(release_nb(A))
    s = json.dumps(j)
    s = s.replace('"metadata": {', '"metadata": {"inf": 1e400, "nan": NaN, "ninf": -1e999, ', 2)
    open(os.path.join(d, fname(A)), "w").write(s)


def m3(d):
    j = raw(release_nb(A))
    for c in j["cells"]:
        if c["cell_type"] == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            src = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            c["source"] = list(src) + [" "] * 1_000_000 + ["\n"]
            break
    open(os.path.join(d, fname(A)), "w").write(json.dumps(j))


if __name__ == "__main__":
    dest = course("a03", {("aa_honest", A): honest(A), ("m1_bigint", A): m1, ("m2_inf", A): m2,
                          ("m3_strlist", A): m3, ("zz_honest", A): honest(A)})
    for s in ("m1_bigint", "m2_inf", "m3_strlist"):
        print(s, "hand-in bytes", os.path.getsize(f"{dest}/submitted/{s}/{A}/{fname(A)}"))
    p = grade(dest, env=CANARY_ENV)
    report(dest)
    scores(dest)
    for s in ("aa_honest", "m1_bigint", "m2_inf", "m3_strlist", "zz_honest"):
        print(s, "feedback page:", os.path.exists(f"{dest}/feedback/{s}/{A}/{A}.html"))
    cleanup(dest)
