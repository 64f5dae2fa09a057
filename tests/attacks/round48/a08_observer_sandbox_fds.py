"""a08: a check's child runs the student's function in the observer's sandbox, as the observer's user. bwrap's
init (pid 1) keeps its stdio ("close fds in pid 1 except stdio") and is dumpable (a07). If the observer's channel
to the grader were bwrap's stdio, a child could open /proc/1/fd/<n> and write a forged report into it. Probe from
inside training_memory (called in the observer's child): every process visible, its fds, what opens for writing.
The scan comes back as the exception message in mallory's graded notebook."""
from common import *
PROBE = r'''
def training_memory(model, optimizer):
    import os
    out = [f"me={os.getpid()} uid={os.getuid()}"]
    for p in sorted(os.listdir("/proc"), key=lambda x: (len(x), x)):
        if not p.isdigit(): continue
        try:
            cmd = open(f"/proc/{p}/cmdline", "rb").read()[:60].replace(b"\0", b" ").decode("latin1")
        except OSError as e:
            cmd = f"E{e.errno}"
        fds = []
        try:
            for fd in sorted(os.listdir(f"/proc/{p}/fd"), key=int):
                try:
                    tgt = os.readlink(f"/proc/{p}/fd/{fd}")
                except OSError as e:
                    tgt = f"E{e.errno}"
                w = ""
                if p != str(os.getpid()) and (tgt.startswith("pipe:") or tgt.startswith("socket:")):
                    try:
                        x = os.open(f"/proc/{p}/fd/{fd}", os.O_WRONLY | os.O_NONBLOCK); os.close(x); w = "+W"
                    except OSError as e:
                        w = f"-W{e.errno}"
                fds.append(f"{fd}:{tgt}{w}")
        except OSError as e:
            fds.append(f"E{e.errno}")
        out.append(f"[{p}] {cmd!r} " + " ".join(fds))
    raise RuntimeError(" || ".join(out)[:3500])
'''
c = make_course("a08")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"training_memory": PROBE}))
hand_in(c, "zoe", honest())
grade(c)
print(open(c + "/grades.csv").read())
nb = nbformat.read(c + "/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
for cell in nb.cells:
    if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory_counts_tensors":
        for o in cell.outputs:
            print(json.dumps(o)[:6000].replace(" || ", "\n"))
