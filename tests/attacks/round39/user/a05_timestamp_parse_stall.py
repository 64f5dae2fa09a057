"""a05: nbgrader parses a hand-in's `timestamp.txt` with dateutil (CourseDirectory.get_existing_timestamp ->
parse_utc), in the grading process (autograde) and, at every collect with --update (Formgrader's Collect button
always updates), for each student already collected. dateutil's parser is quadratic on some text: 1 MB of digits
took 115 s here, '1.' * 500,000 took 98 s. mallory hands in an honest notebook and a 1 MB timestamp.txt of '1.'.
The grader grades one submission at a time as an ordinary user: aaron39u before, zoe39u after her. Timings against
a control run without her timestamp.txt."""
from lib import *
A = "ps1_memory"; SIZE = int(os.environ.get("SIZE", "1000000"))
for run in ("control", "mallory"):
    d = make_course("a05")
    for s in ("aaron39u", "mallory39u", "zoe39u"):
        hand_in(d, s, A, honest(A))
    if run == "mallory":
        open(f"{d}/submitted/mallory39u/{A}/timestamp.txt", "w").write("1." * (SIZE // 2))
    t = time.time()
    r = grade(d, A, timeout=3600)
    print(f"[{run}] whole run {time.time()-t:.1f}s")
    scores(d)
    print([(o["student"], o["status"], round(o["seconds"], 1), o["reason"][:300]) for o in json.load(open(f"{d}/grading_report.json"))])
    shutil.rmtree(d, ignore_errors=True)
