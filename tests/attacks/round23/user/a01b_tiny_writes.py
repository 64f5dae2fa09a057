"""a01b (ordinary user): a01 with one-byte writes ("x\\n" is 2 bytes: CHUNK=2) from 8 forked children for 100 s of one
cell: every write wakes the grader's forwarder for a read of a few bytes, so what the forwarder spends per byte the
kernel writes is larger (the ratio grader side / sandbox side is the measure)."""
import os, runpy
os.environ.setdefault("CHUNK", "2")
os.environ.setdefault("N", "8")
os.environ.setdefault("DUR", "100")
os.environ.setdefault("CELLS", "0")
os.environ.setdefault("TAG", "a01b")
runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a01_stdout_flood_forwarder_cpu.py"), run_name="__main__")
