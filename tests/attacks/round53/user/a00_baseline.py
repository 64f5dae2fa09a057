import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
import harness
d, r, sc = harness.run_class("a00", "ps1_memory", {"mallory": {}})
harness.leaks(d)
