"""Helper for a02: which top-level modules nbgrader imports after it put the folder it runs in at the head of sys.path.
Run in a folder holding a notebook: python a02_probe_imports.py validate ps1_memory.ipynb (or list, db student list, export)."""
import sys, os
cwd = os.getcwd()
class F:
    def find_spec(self, name, path=None, target=None):
        if path is None and cwd in sys.path and '.' not in name:
            sys.stderr.write(f"TOPLEVEL-AFTER-CWD {name}\n")
        return None
sys.meta_path.insert(0, F())
sys.argv = ["nbgrader"] + sys.argv[1:]
from nbgrader.apps.nbgraderapp import main
main()
