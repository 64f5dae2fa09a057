"""a03: re-attack of round 15's "one hand-in stops the class" fix from after grading: the class-wide steps
(feedback per assignment, nbgrader export to grades.csv, the plot and table per exercise) read what nbgrader
recorded for every student, and one thing of it is the hand-in's own: `timestamp.txt` (documented as setting the
recorded submission time). Each mallory hands in the untouched release notebook plus a timestamp.txt chosen to
break date arithmetic or the CSV: year 1 with +14:00 (UTC before year 1), year 9999 with -14:00 (UTC after year
9999), a timestamp with a newline and a forged CSV row, a 4 kB one, and one of NUL bytes. Honest students before
and after; then the grading command is run a second time (resume)."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u16

TS = {"m1_year1": "0001-01-01 00:00:00 +14:00",
      "m2_year9999": "9999-12-31 23:59:59.999999 -14:00",
      "m3_csvrow": "2026-01-01 00:00:00\nps1_memory,,,zz_honest,,,,0.0,0.0,0.0,30.0",
      "m4_long": "2026-01-01 " + "1" * 4000,
      "m5_nul": "\x00" * 64}

def handin(ts):
    def make(d):
        u16.nbformat.write(u16.release_nb("ps1_memory"), os.path.join(d, "ps1_memory.ipynb"))
        with open(os.path.join(d, "timestamp.txt"), "w") as fh:
            fh.write(ts)
    return make

students = {("aa_honest", "ps1_memory"): u16.honest("ps1_memory"), ("zz_honest", "ps1_memory"): u16.honest("ps1_memory")}
students.update({(k, "ps1_memory"): handin(v) for k, v in TS.items()})
dest = u16.course("a03", students)
for run in (1, 2):
    print(f"===== run {run}")
    p = u16.grade(dest, env=u16.CANARY_ENV)
u16.scores(dest)
for o in json.load(open(f"{dest}/grading_report.json")):
    print("REPORT", o["student"], o["status"], "|", repr(o.get("reason", ""))[:300])
print("grades.csv:", open(f"{dest}/grades.csv").read() if os.path.exists(f"{dest}/grades.csv") else None)
print("feedback:", sorted(os.listdir(f"{dest}/feedback")) if os.path.exists(f"{dest}/feedback") else None)
u16.cleanup(dest)
