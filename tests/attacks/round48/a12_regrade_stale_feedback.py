"""a12 (found while building a11): `--regrade` (and a newer hand-in graded again) changes the gradebook but the class
step runs `nbgrader generate_feedback <a> --student <s>` without --force, and nbgrader skips a student whose
feedback/<s>/<a>/ exists ("Skipping existing assignment"): the page, and the submission_secret.txt beside it that
release_feedback names the page by, stay those of the first grading."""
from common import *
c = make_course("a12")
hand_in(c, "aaron", honest()); hand_in(c, "mallory", honest()); hand_in(c, "zoe", honest())
grade(c)
before = open(f"{c}/feedback/mallory/ps1_memory/ps1_memory.html").read()
# mallory's hand-in changes: training_memory now fails (4 points fewer)
hand_in(c, "mallory", honest(overrides={"training_memory": "def training_memory(model, optimizer):\n    return {}"}))
r, _ = grade(c, extra=["--regrade"])
print(open(c + "/grades.csv").read())
after = open(f"{c}/feedback/mallory/ps1_memory/ps1_memory.html").read()
print("mallory's feedback page unchanged by the regrade:", before == after)
import re
print("scores the page shows:", sorted(set(re.findall(r"Score: ([0-9.]+ / [0-9.]+)", after)))[:12])
print("page says training_memory test scored:", re.findall(r"training_memory_counts_tensors[^S]{0,200}Score: ([0-9.]+ / [0-9.]+)", after)[:1])
