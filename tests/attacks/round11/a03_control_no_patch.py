"""Round 11, a03 CONTROL (ROOT run): a03's notebook (same no-op MyDDP, same train_ddp without
communication) but average_gradients neither flips to the fork server nor patches getrandom.
Usage: python a03_control_no_patch.py COURSE_DIR STUDENT
"""
import json, pathlib, subprocess, sys
here = pathlib.Path(__file__).resolve().parent
course, student = pathlib.Path(sys.argv[1]), sys.argv[2]
subprocess.run([sys.executable, str(here / "a03_ps2_patch_plus_train_ddp.py"), str(course), student], check=True)
path = course / "submitted" / student / "ps2_ddp" / "ps2_ddp.ipynb"
nb = json.loads(path.read_text())
for c in nb["cells"]:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "average_gradients":
        s = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        s = s.replace("if not L._FRESH_RANK:", "if False:").replace('if os.environ.get("RANK") == "0":', "if False:")
        assert s.count("if False:") == 2
        c["source"] = s
path.write_text(json.dumps(nb))
print("control written", path)
