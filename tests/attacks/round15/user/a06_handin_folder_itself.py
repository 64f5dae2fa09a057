"""a06: more hand-ins that the grader's side must look at before any sandbox, after a05 (a path too long stopped
the whole class): is the walk now safe against its other errors? Each mallory is alone between two honest ps1
students (the solution copied, controls aa_honest and zz_honest), one grading run each:
  closed:   the hand-in folder submitted/mallory/ps1_memory itself has mode 000 (a student's own folder; the grader
            runs as its owner here, so it could chmod it, but does it survive it?),
  notadir:  submitted/mallory/ps1_memory is a file, not a folder,
  loopname: a file name of 255 bytes (NAME_MAX) in a folder of 255 bytes, in ten levels (~2,600 bytes, under PATH_MAX).
Report the exit status, who was graded, and zz_honest's score."""
import os, sys, json, shutil
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15, nbformat
rel = u15.notebook("ps1_memory")
def normal(d):
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb"))
def notadir(d):
    shutil.rmtree(d); open(d, "w").write("not a folder")
def longnames(d):
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb"))
    p = d
    for i in range(10):
        p = os.path.join(p, ("L%d" % i) + "b" * 250)
    os.makedirs(p)
    open(os.path.join(p, "c" * 255), "w").write("x")
for variant, build in (("closed", normal), ("notadir", notadir), ("loopname", longnames)):
    print(f"================ {variant}")
    dest = u15.course("a06", {("aa_honest", "ps1_memory"): u15.honest("ps1_memory"), ("mallory", "ps1_memory"): build,
                              ("zz_honest", "ps1_memory"): u15.honest("ps1_memory")})
    if variant == "closed":
        os.chmod(f"{dest}/submitted/mallory/ps1_memory", 0)
    p = u15.grade(dest)
    print("exit status:", p.returncode, "| Traceback in stderr:", "Traceback" in p.stderr)
    rp = f"{dest}/grading_report.json"
    for o in (json.load(open(rp)) if os.path.exists(rp) else []):
        print("REPORT", o["student"], o["status"], "|", o.get("reason", "")[:300])
    u15.scores(dest)
    if variant == "closed":
        os.chmod(f"{dest}/submitted/mallory/ps1_memory", 0o755)
    u15.cleanup(dest)
