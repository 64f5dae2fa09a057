"""Round 10, a06 (root run): a05's train_ddp (no DDP, no collective, no process-group call) in the
release notebook of ps2, graded through grader.grade. Student "nocomm". Everything else untouched.

Usage: python a06_ps2_train_ddp_no_communication_graded.py COURSE_DIR
"""
import inspect, json, pathlib, sys, textwrap
sys.path.insert(0, str(pathlib.Path(__file__).parent))
import importlib.util
spec = importlib.util.spec_from_file_location("a05", pathlib.Path(__file__).parent / "a05_ps2_train_ddp_no_communication_local.py")
a05 = importlib.util.module_from_spec(spec); spec.loader.exec_module(a05)

course = pathlib.Path(sys.argv[1])
nb = json.loads((pathlib.Path(__file__).resolve().parents[3] / "release/ps2_ddp/ps2_ddp.ipynb").read_text())
src = inspect.getsource(a05.train_ddp)
for cell in nb["cells"]:
    if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "train_ddp":
        cell["source"] = src
out = course / "submitted" / "nocomm" / "ps2_ddp"
out.mkdir(parents=True, exist_ok=True)
(out / "ps2_ddp.ipynb").write_text(json.dumps(nb, indent=1))
print("written", out)
