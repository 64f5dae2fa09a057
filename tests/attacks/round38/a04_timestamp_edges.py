"""a04: timestamp.txt handed in beside the notebook (nbgrader reads it: README "known and left open" says a date of
1999 reached the gradebook). Edge values: a time that overflows when converted to UTC, one that underflows, an
impossible date, and a megabyte of digits. Does any stop the class steps (grades.csv, the plot) or the run?"""
from harness import *
CASES = {
    "mallory1": "9999-12-31 23:59:59 -1400",
    "mallory2": "0001-01-01 00:00:00 +1400",
    "mallory3": "2024-02-30 25:61:61",
    "mallory4": "1" * 1_000_000,
}
if __name__ == "__main__":
    d = make_course("a04")
    put(d, "aaron", solution_nb())
    for name, ts in CASES.items():
        put(d, name, solution_nb(), extra={"timestamp.txt": ts})
    put(d, "zoe", solution_nb())
    grade(d)
    scores(d)
    print("grades.csv exists:", os.path.exists(f"{d}/grades.csv"))
    if os.path.exists(f"{d}/grades.csv"): print(open(f"{d}/grades.csv").read()[:2000])
    print("plot exists:", os.path.exists(f"{d}/grades_by_exercise.png"))
    import sqlite3
    for row in sqlite3.connect(f"{d}/gradebook.db").execute(
            "select student.id, submitted_assignment.timestamp from submitted_assignment join student on student.id=submitted_assignment.student_id"):
        print("timestamp:", row)
