"""a05: `make release` (tools.release: nbgrader generate_assignment for each assignment) run by the TA (uid 65534,
umask 022) in a course folder of mode 0755 (a TA's home course, or the checkout) with no gradebook yet: which mode does
gradebook.db get, and can a local student (uid 1001) read the hidden tests from it before the next `make grade`?"""
import os, shutil, sqlite3, subprocess
d = "/tmp/attack52-user-a05"
subprocess.run(["rm", "-rf", d]); os.makedirs(d)
shutil.copy("CLONE/nbgrader_config.py", d)
shutil.copytree("CLONE/source", f"{d}/source")
os.chmod(f"{d}/source", 0o700)  # as an earlier make grade leaves it
subprocess.run(["chown", "-R", "65534:65534", d])
env = dict(os.environ, HOME="/tmp/attack52-user-home", DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "sh", "-c",
                    "umask 022; exec CLONE/.venv/bin/python -m tools.release --course-dir " + d + " ps1_memory"],
                   cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env, capture_output=True, text=True)
print("release rc", r.returncode, r.stdout[-300:], r.stderr[-500:])
subprocess.run(["ls", "-la", d])
st = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python", "-c",
    "import sqlite3; db = sqlite3.connect('file:%s/gradebook.db?mode=ro', uri=True);"
    "rows = db.execute('select name, source from source_cell').fetchall();"
    "hid = [r for r in rows if 'HIDDEN' in (r[1] or '')];"
    "print('student read', len(rows), 'source cells,', len(hid), 'with hidden tests; first:', hid[0][0] if hid else None, (hid[0][1][:300] if hid else ''))" % d],
    capture_output=True, text=True)
print("STUDENT (uid 1001):", st.stdout, st.stderr[-800:])
