"""a07: a05's class (one hand-in's check raises in the grader's worker and ends the run) by two more ways, each on
its own run between two honest ps1 students (the solution copied: controls aa_honest and zz_honest):
  nested:     the assignment notebook is valid JSON of ~150 kB whose notebook metadata holds a list nested 50,000
              deep (50,000 containers, under the 200,000 cap): json.load in the hand-in's metadata check raises
              RecursionError, which is not among the errors it catches;
  unreadable: a scratch notebook `notes.ipynb` of mode 000 beside the untouched assignment notebook (the grader as
              an ordinary user is the hand-in's owner, without CAP_DAC_OVERRIDE): opening it to measure raises
              PermissionError.
Report the exit status, who was graded, the report and zz_honest's score; then run the grading command a second
time on the same course (what a TA does to finish a run)."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15, nbformat
rel = u15.notebook("ps1_memory")
def nested(d):
    text = nbformat.writes(rel)
    deep = "[" * 50000 + "]" * 50000
    text = text.replace('"metadata": {', '"metadata": {"x": ' + deep + ', ', 1)
    open(os.path.join(d, "ps1_memory.ipynb"), "w").write(text)
def unreadable(d):
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb"))
    nbformat.write(rel, os.path.join(d, "notes.ipynb"))
for variant, build in (("nested", nested), ("unreadable", unreadable)):
    print(f"================ {variant}")
    dest = u15.course("a07", {("aa_honest", "ps1_memory"): u15.honest("ps1_memory"), ("mallory", "ps1_memory"): build,
                              ("zz_honest", "ps1_memory"): u15.honest("ps1_memory")})
    if variant == "unreadable":
        os.chmod(f"{dest}/submitted/mallory/ps1_memory/notes.ipynb", 0)
    p = u15.grade(dest, env=u15.CANARY_ENV)
    tb = p.stderr[p.stderr.find("Traceback"):] if "Traceback" in p.stderr else ""
    print("exit status:", p.returncode, "| traceback in the grader's stderr:\n", tb[-1500:])
    rp = f"{dest}/grading_report.json"
    print("grading_report.json:", "MISSING" if not os.path.exists(rp) else "")
    for o in (json.load(open(rp)) if os.path.exists(rp) else []):
        print("REPORT", o["student"], o["status"], "|", o.get("reason", "")[:300])
    u15.scores(dest)
    for s in ("aa_honest", "zz_honest"):
        print(s, "feedback page:", os.path.exists(f"{dest}/feedback/{s}/ps1_memory/ps1_memory.html"))
    print("-- the TA runs the grading command again (as a TA would after a run that printed no failure):")
    p2 = u15.grade(dest)
    print("second run: exit status", p2.returncode, "| summary:", [l for l in p2.stdout.splitlines() if "graded in" in l],
          "| zz_honest graded:", os.path.exists(f"{dest}/autograded/zz_honest/ps1_memory/ps1_memory.ipynb"))
    u15.cleanup(dest)
