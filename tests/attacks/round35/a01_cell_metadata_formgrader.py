"""Cell metadata a student sets (tags, transient.remove_source, alt, jupyter.*) in the hand-in: does it survive
autograde into the graded notebook and what does it do to the TA's Formgrader page (classes on the cell's div,
hidden cells)?"""
import re
from common import *
d = course("a01")
hand_in(d, "aaron", honest())
nb = honest()
for c in nb.cells:
    g = c.metadata.get("nbgrader", {}).get("grade_id")
    if g == "written_ddp_fit":       # the written answer, graded by hand
        c.metadata["tags"] = ["x nbgrader_cell full-credit tabbable", 'q" onmouseover="alert(1)']
        c.metadata["alt"] = 'a" onerror="alert(2)'
    if g == "written_pipeline_vs_sharding":
        c.metadata["transient"] = {"remove_source": True}
    if g == "quiz_q1_correct":       # a locked test cell
        c.metadata["tags"] = ["hidden"]
        c.metadata["transient"] = {"remove_source": True}
    if g == "partition_layers":
        c.metadata["jupyter"] = {"source_hidden": True, "outputs_hidden": True}
        c.metadata["tags"] = ["y hidden"]
hand_in(d, "mallory", nb)
hand_in(d, "zoe", honest())
r = grade(d)
print(r.stdout[-1500:])
print(scores(d))
ag = json.load(open(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in ag["cells"]:
    m = c["metadata"]
    if any(k in m for k in ("tags", "transient", "alt", "jupyter")):
        print("kept:", m.get("nbgrader", {}).get("grade_id"), {k: m[k] for k in ("tags", "transient", "alt", "jupyter") if k in m})
h = formgrade_html(d, "mallory")
print("cell divs with student classes:", re.findall(r'class="cell [^"]*celltag[^"]*"', h))
print("onmouseover in page:", "onmouseover=" in h, "| score boxes:", len(re.findall(r'class="score tabbable"', h)),
      "vs control:", len(re.findall(r'class="score tabbable"', formgrade_html(d, "aaron"))))
for gid in ("written_pipeline_vs_sharding", "quiz_q1_correct"):
    print(gid, "score box in mallory's page:", f'id="{gid}"' in h)
print("canaries:", grep_canaries(d))
