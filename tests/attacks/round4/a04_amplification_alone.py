# a04 helper: json.loads + wire.decode of a 64 MB observation "[[],[],...]" alone (RESULT: 1543 MB after loads, 3158 MB peak after decode, 204 s under load, 03:40 UTC, root)
import json, resource, sys, time
sys.path.insert(0, __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__file__), "..", "..", "..")))
from probes import wire
n = 64_000_000 // 3 - 10
s = "[" + ",".join(["[]"] * n) + "]"
print("json bytes", len(s))
t = time.time()
o = json.loads(s); del s
print("after loads maxrss MB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, time.time() - t)
d = wire.decode(o)
print("after decode maxrss MB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, time.time() - t)
