"""Baseline: three honest students, time the class."""
from harness import *
d, r, sc = run_class("a00", "ps1_memory", {"mallory": {}})
shutil.rmtree(d)
