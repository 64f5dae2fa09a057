"""a00: baseline, aaron, mallory, zoe all honest (solution), sandboxed, as root, canaries in env."""
from harness import *
d, r, sc = run_class("a00", "ps1_memory", {"mallory": {}})
shutil.rmtree(d, ignore_errors=True)
