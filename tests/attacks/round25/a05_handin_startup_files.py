"""a05: re-attack of rounds 23-24's fixes (a `storemagic.py` ran at kernel start; a `grader/` package and a
`signal.py` handed in ran on the host / in bwrap's placeholder). The hand-in carries, beside the notebook, files
that Python, IPython or Jupyter may pick up from the working directory of a process started there:
`ipython_kernel_config.py`, `ipython_config.py`, `jupyter_config.py`, `jupyter_client_config.py`, `sitecustomize.py`,
`usercustomize.py`, `ipykernel_launcher.py`, `runpy.py`, `encodings/__init__.py`-free `site.py`, `zmq.py`, `nbgrader_config.py`,
`traitlets.py`, `json.py`, `probes/__init__.py` (and `helpers/__init__.py`), each of which, if run, writes a marker file named after itself
into /tmp (the sandbox's /tmp if it runs in the sandbox, the host's if on the host) and into the notebook's folder.
The first answer cell lists the markers it can see in its /tmp and folder and whether `probes` is the hand-in's;
after the run the host's /tmp is searched too. Mallory + honest control."""
import os, sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT  # noqa

A = "ps1_memory"
NAMES = ["ipython_kernel_config.py", "ipython_config.py", "jupyter_config.py", "jupyter_client_config.py",
         "sitecustomize.py", "usercustomize.py", "ipykernel_launcher.py", "runpy.py", "zmq.py", "nbgrader_config.py",
         "traitlets.py", "json.py", "site.py", "probes/__init__.py", "helpers/__init__.py", "cloudpickle.py"]
MARK = ('import os as _o, time as _tt\n'
        'for _d in ("/tmp", _o.getcwd()):\n'
        '    try:\n'
        '        open(_o.path.join(_d, "attack25_marker_{tag}_%d_uid%d" % (_o.getpid(), _o.getuid())), "w").write(str(_tt.time()))\n'
        '    except Exception:\n'
        '        pass\n')
PAYLOAD = r'''
import os as _o5, sys as _s5, glob as _g5
print("STARTUP markers in /tmp:", sorted(_g5.glob("/tmp/attack25_marker_*")))
print("STARTUP markers in folder:", sorted(_g5.glob("attack25_marker_*")))
print("STARTUP folder:", sorted(_o5.listdir(".")))
print("STARTUP sys.path[:4]:", _s5.path[:4])
import probes as _p5; print("STARTUP probes from", _p5.__file__)
print("STARTUP runtime dir", _o5.environ.get("JUPYTER_RUNTIME_DIR"), sorted(_o5.listdir(_o5.environ.get("JUPYTER_RUNTIME_DIR", "/nonexistent"))) if _o5.path.isdir(_o5.environ.get("JUPYTER_RUNTIME_DIR", "/nonexistent")) else None)
'''


def hostile():
    from tools.submissions import source_and_release
    import copy
    s, r = source_and_release(A)
    nb = copy.deepcopy(r)
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source = PAYLOAD + "\n" + c.source
            break
    return nb


def main():
    dest = "/tmp/attack25-a05"
    for f in glob.glob("/tmp/attack25_marker_*"):
        os.unlink(f)
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    handin = os.path.join(dest, "submitted", "mallory", A)
    for name in NAMES:
        p = os.path.join(handin, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        open(p, "w").write(MARK.replace("{tag}", name.replace("/", "_")))
    rc = grade(dest)
    sc = scores(dest)
    import nbformat
    for pth in glob.glob(f"{dest}/autograded/mallory/{A}/*.ipynb"):
        nb = nbformat.read(pth, as_version=4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                for line in (o.get("text", "") or "").splitlines():
                    if line.startswith("STARTUP"):
                        print(line[:1500])
                if o.get("output_type") == "error" and "STARTUP" in str(c.source)[:2000]:
                    print("ERROR in payload cell", o.get("ename"), o.get("evalue", "")[:300])
    host = sorted(glob.glob("/tmp/attack25_marker_*")) + sorted(glob.glob(f"{dest}/**/attack25_marker_*", recursive=True))
    print("HOST markers (ran outside a sandbox if any):", [h.replace(dest, "<course>") for h in host])
    grading_log = [p for p in glob.glob(f"{dest}/**/grading_report.json", recursive=True)]
    for p in grading_log:
        print("REPORT", open(p).read()[:1500])
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)
    for f in glob.glob("/tmp/attack25_marker_*"):
        os.unlink(f)


if __name__ == "__main__":
    main()
