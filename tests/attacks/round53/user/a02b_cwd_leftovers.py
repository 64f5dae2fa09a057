"""Is the kernel's working folder (mountinfo: /tmp/<course>/.autograding/mallory/ps1_memory, rw) a copy, and does
anything written there reach autograded/, feedback/ or the next student? mallory writes an HTML page, a second
notebook, a notebook under the graded name's '.new' and a symlink in it, reports the mount's type and source."""
import sys, os, glob; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
PAYLOAD = r'''
import os, json
_cwd = os.getcwd()
_mi = [l for l in open("/proc/self/mountinfo") if (" " + _cwd + " ") in l]
_w = {}
for _n, _t in (("evil.html", "<script>alert(1)</script>"), ("zz_second.ipynb", "{}"), ("ps1_memory.ipynb.new", "{}"), ("../../zoe-planted.txt", "x"), ("../zoe/planted.txt", "x")):
    try:
        open(os.path.join(_cwd, _n), "w").write(_t); _w[_n] = "wrote"
    except Exception as e:
        _w[_n] = repr(e)[:100]
try:
    os.symlink("/etc/passwd", os.path.join(_cwd, "link")); _w["symlink"] = "made"
except Exception as e:
    _w["symlink"] = repr(e)[:80]
print("CWD " + json.dumps({"cwd": _cwd, "mountinfo": _mi, "writes": _w, "listing": os.listdir(_cwd), "parent": os.listdir("..") if os.path.isdir("..") else None}))
'''
d, r, sc = harness.run_class("a02b", "ps1_memory", {"mallory": harness.with_payload("ps1_memory", "training_memory", PAYLOAD)})
for line in harness.outputs(d, "mallory", "ps1_memory").splitlines():
    if line.startswith("CWD "):
        print(line[:3000])
for sub in ("autograded", "feedback", ".autograding", "submitted", ".taken"):
    print(sub, sorted(os.path.relpath(p, d) for p in glob.glob(f"{d}/{sub}/**", recursive=True) if os.path.isfile(p) or os.path.islink(p)))
print("zoe-planted anywhere:", glob.glob(f"{d}/**/*planted*", recursive=True) + glob.glob("/tmp/**/zoe-planted.txt", recursive=False))
