"""A18 (after a08): bob48 fetches his feedback from his real home (HOME=/home/bob48, cwd /home/bob48 as nbgrader's
docs show: the assignment folder beside his notebooks); nbgrader writes it with his umask. eve48 reads it there."""
import subprocess, glob
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/home/bob48", "LANG": "C.UTF-8"}
r = subprocess.run(["setpriv", "--reuid", "2482", "--regid", "2482", "--clear-groups", NB, "fetch_feedback", "ps1_memory",
                    "--Exchange.root=/tmp/attack48-user-ex3/exchange", "--course", "distcourse"], cwd="/home/bob48", env=env, capture_output=True, text=True)
print("bob fetch_feedback rc", r.returncode, [l for l in (r.stdout + r.stderr).splitlines() if "Fetched" in l])
r = subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", "sh", "-c",
                    "for f in /home/*/ps1_memory/feedback/*/ps1_memory.html; do wc -c \"$f\"; grep -o 'ps1_memory (Score: [0-9.]* / [0-9.]*)' \"$f\"; done"],
                   capture_output=True, text=True)
print("eve48 reads:", r.stdout, r.stderr[-300:])
