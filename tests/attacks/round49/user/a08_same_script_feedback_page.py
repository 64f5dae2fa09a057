"""A08: a07 through the real path. mallory fills every budget of her feedback page with `aＡ` (Latin + fullwidth
Latin: one script by Unicode's Script property, so no script change is charged, but a font change at every character
here: no installed font has the fullwidth forms): a comment of 20,000 characters in each answer cell, a print of
20,000 characters in each, 50,000 in each written answer and two extra markdown cells. nina hands in the same with
`a一` (round 45's text, charged 16 a change). aaron and zoe are honest. The four feedback pages the grader writes are
painted by headless chromium (screenshot), timed."""
import os, sys, time, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import course, hand_in, nb_for, grade, scores, sol
import nbformat
A = "ps1_memory"
CODE = ["training_memory", "per_device_memory", "partition_layers", "split_model", "two_stage_step"] + [f"quiz_q{i}" for i in range(1, 6)]
WRITTEN = ["written_ddp_fit", "written_pipeline_vs_sharding"]
def hostile(unit):
    n = 20000 // len(unit) - 20
    ov = {g: sol(A, g) + f"\n# {unit * n}\nprint({unit * n!r})" for g in CODE}
    ov.update({g: unit * (50000 // len(unit) - 10) for g in WRITTEN})
    nb = nb_for(A, ov)
    for _ in range(2):
        nb.cells.append(nbformat.v4.new_markdown_cell(unit * (50000 // len(unit) - 10)))
    return nb
d = course("a08")
hand_in(d, "aaron", A, nb_for(A)); hand_in(d, "mallory", A, hostile("a\uff21")); hand_in(d, "nina", A, hostile("a\u4e00")); hand_in(d, "zoe", A, nb_for(A))
r = grade(d, A, quiet=True); print(r.stderr[-600:]); scores(d, A)
for s in ("aaron", "mallory", "nina", "zoe"):
    page = f"{d}/feedback/{s}/{A}/{A}.html"
    shutil.copy(page, f"/tmp/attack49-user-a08-{s}.html"); os.chmod(f"/tmp/attack49-user-a08-{s}.html", 0o644)
    t = open(page, encoding="utf-8").read()
    st = time.time()
    rr = subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot=/tmp/attack49-user-a08-{s}.png",
                         "--window-size=1200,800", f"file:///tmp/attack49-user-a08-{s}.html"], capture_output=True)
    print(f"{s:8s} page {len(t):,} chars, {t.count(chr(0xff21)):,} x U+FF21, {t.count(chr(0x4e00)):,} x U+4E00: painted in {time.time() - st:.1f} s rc={rr.returncode}", flush=True)
