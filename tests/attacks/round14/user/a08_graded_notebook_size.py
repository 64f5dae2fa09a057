"""a08: how large may the graded notebook (kept in the course folder, read by the feedback page and the class steps)
grow from what the kernel outputs? The kernel publishes, signed with its own session key, MESSAGES display_data
messages of 1 MiB of text/plain each (plain text is what the inert graded notebook keeps), in one cell. Report the
graded notebook's and feedback page's sizes, the statuses, and whether the honest student graded after it keeps
full marks and its feedback page."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
MESSAGES = int(sys.argv[1]) if len(sys.argv) > 1 else 600
CELL = r'''
_k = get_ipython().kernel
_text = ("y" * 1023 + "\n") * 1024
for _i in range(%d):
    _k.session.send(_k.iopub_socket, "display_data", {"data": {"text/plain": _text}, "metadata": {}}, parent=_k.get_parent("shell"))
print("sent")
''' % MESSAGES
dest = u14.course("a08", {("mallory", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": CELL}),
                          ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")})
p = u14.grade(dest)
u14.scores(dest)
for s in ("mallory", "zz_honest"):
    g = f"{dest}/autograded/{s}/ps1_memory/ps1_memory.ipynb"
    f = f"{dest}/feedback/{s}/ps1_memory/ps1_memory.html"
    print(s, "graded notebook", os.path.getsize(g) if os.path.exists(g) else None, "bytes; feedback page",
          os.path.getsize(f) if os.path.exists(f) else None, "bytes")
print(open(f"{dest}/grading_report.json").read())
u14.cleanup(dest)
