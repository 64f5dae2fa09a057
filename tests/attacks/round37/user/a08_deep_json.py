"""A hand-in notebook whose JSON nests 150,000 lists deep (under the 200,000-container cap, 300 KB): every
reader that parses it (admission's checks in the grading process, nbformat in nbgrader, jsonschema validation)
recurses. Does it cost mallory only, or does it stop the class (aaron before, zoe after)?"""
from lib import *
import json, sys
A = "ps1_memory"
DEPTH = int(sys.argv[1]) if len(sys.argv) > 1 else 150_000
WHERE = sys.argv[2] if len(sys.argv) > 2 else "notebook"
d = make_course(f"a08")
hand_in(d, "aaron", A, honest(A))
nb = honest(A)
text = nbformat.writes(nb)
deep = "[" * DEPTH + "]" * DEPTH
if WHERE == "notebook":
    text = text.replace('"metadata": {', '"metadata": {"deep": ' + deep + ', ', 1)
else:  # in the first answer cell's metadata
    obj = json.loads(text)
    i = [k for k, c in enumerate(obj["cells"]) if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory"][0]
    obj["cells"][i]["metadata"]["deep"] = "@@DEEP@@"
    text = json.dumps(obj).replace('"@@DEEP@@"', deep)
hand_in(d, "mallory", A, text)
hand_in(d, "zoe", A, honest(A))
r = grade(d, A)
os.system(f"cat {d}/grades.csv; ls {d}/autograded {d}/feedback; grep -A6 mallory {d}/grading_report.json")
