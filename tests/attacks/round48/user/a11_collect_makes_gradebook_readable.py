"""A11: how long is a05's window? A fresh course folder of the TA's collects from the exchange (a03's): nbgrader collect
creates gradebook.db with the TA's umask, and nothing makes it private until the next `make grade` starts; eve opens
it then (hours before grading, where the TA collects at the deadline and grades later) and holds the descriptor."""
import os, subprocess, shutil, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import CLONE
NB = f"{CLONE}/.venv/bin/nbgrader"
ta = "/tmp/attack48-user-ex3/course2"; X = "--Exchange.root=/tmp/attack48-user-ex3/exchange"
shutil.rmtree(ta, ignore_errors=True); os.makedirs(ta); shutil.copy(f"{CLONE}/nbgrader_config.py", ta)
shutil.copytree(f"{CLONE}/source", f"{ta}/source"); shutil.copytree(f"{CLONE}/release", f"{ta}/release")
subprocess.run(["chown", "-R", "65534:65534", ta])
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack48-user-home", "LANG": "C.UTF-8"}
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", NB, "collect", "ps1_memory", X], cwd=ta, env=env, capture_output=True, text=True)
print("collect rc", r.returncode)
print(subprocess.run(["find", ta, "-maxdepth", "3", "-not", "-path", "*/source*", "-not", "-path", "*/release*", "-printf", "%m %u %p\n"], capture_output=True, text=True).stdout)
r = subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "-c",
                    f"import sqlite3; print('eve reads the students of', sqlite3.connect('file:{ta}/gradebook.db?mode=ro', uri=True).execute('select id from student').fetchall())"],
                   capture_output=True, text=True)
print(r.stdout, r.stderr[-300:])
shutil.rmtree(ta)
