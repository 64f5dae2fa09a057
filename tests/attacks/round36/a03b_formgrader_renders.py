"""After a03: does Formgrader (the TA's `make lab`) list mallory and render the first-pass notebook's <img onerror>?
Fetches the Formgrader page of mallory's notebook over HTTP from a real jupyter server with nbgrader's extension."""
import os, sys, json, sqlite3, subprocess, time, socket, secrets, signal, urllib.request
d = sys.argv[1] if len(sys.argv) > 1 else "/tmp/attack36-root-a03t"
CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
db = sqlite3.connect(f"{d}/gradebook.db")
rows = db.execute("""select n.id, s.student_id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id""").fetchall()
print("submitted notebooks:", rows)
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
tok = secrets.token_hex(8)
env = dict(os.environ, PYTHONPATH=CLONE, DISTCOURSE_JUDGE="kernel")
lab = subprocess.Popen([f"{CLONE}/.venv/bin/jupyter", "lab", f"--notebook-dir={d}", "--allow-root", "--no-browser",
                        f"--port={port}", f"--IdentityProvider.token={tok}", "--ServerApp.ip=127.0.0.1"],
                       cwd=d, env=env, stdout=open("/tmp/attack36-root-a03b-lab.log", "w"), stderr=subprocess.STDOUT,
                       start_new_session=True)
try:
    for _ in range(60):
        try: urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={tok}"); break
        except Exception: time.sleep(1)
    for nid, student in rows:
        try:
            html = urllib.request.urlopen(f"http://127.0.0.1:{port}/formgrader/submissions/{nid}/?token={tok}").read().decode()
        except Exception as e:
            print(student, "page error", e); continue
        i = html.find("onerror")
        print(student, "page bytes", len(html), "| onerror at", i, "|", html[max(0, i-80):i+80].replace("\n", " ") if i >= 0 else "")
finally:
    os.killpg(lab.pid, signal.SIGTERM)
    try: lab.wait(15)
    except subprocess.TimeoutExpired: os.killpg(lab.pid, signal.SIGKILL); lab.wait()
