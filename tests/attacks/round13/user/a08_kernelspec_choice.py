"""a08: the hand-in's notebook names a kernel of its choosing in metadata.kernelspec: one the TA has installed
in their own HOME (a plain ipykernel, as many TAs have), and one that does not exist. If the grader started the
kernel the notebook names, student code would run outside the sandbox. The grader runs with a canary
DATABASE_URL; the cell prints the environment, its root and the course folder."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
CANARY = "DATABASE_URL=postgresql://ta:secret@localhost/x"
kdir = os.path.join(u13.HOME, ".local/share/jupyter/kernels/tahost")
os.makedirs(kdir, exist_ok=True)
json.dump({"argv": [u13.CLONE + "/.venv/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
           "display_name": "TA host python", "language": "python"}, open(os.path.join(kdir, "kernel.json"), "w"))
os.system(f"chown -R 65534:65534 {u13.HOME}")
CELL = r'''
import os
print("CANARY?", os.environ.get("DATABASE_URL"), "| uid", os.getuid(), "| root has", sorted(os.listdir("/"))[:30])
print("course visible?", os.path.exists("/tmp/attack13u-course-a08/source"), "| env keys", sorted(os.environ))
'''
def nb_with(name):
    nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
    nb.metadata["kernelspec"] = {"name": name, "display_name": name, "language": "python"}
    return nb
dest = u13.course("a08", {("mallory", "ps1_memory"): nb_with("tahost"), ("mallory2", "ps1_memory"): nb_with("nope-kernel"),
                          ("zz_honest", "ps1_memory"): u13.honest("ps1_memory")})
u13.grade(dest, env=[CANARY])
u13.scores(dest)
u13.report(dest)
import nbformat
for s in ("mallory", "mallory2"):
    p = f"{dest}/autograded/{s}/ps1_memory/ps1_memory.ipynb"
    if not os.path.exists(p):
        print(s, "no graded notebook"); continue
    nb = nbformat.read(p, 4)
    print(s, "kernelspec in graded notebook:", nb.metadata.get("kernelspec"))
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("training_memory",):
            for o in c.get("outputs", []):
                print(s, "OUTPUT:", o.get("text") or str(o.get("evalue")))
