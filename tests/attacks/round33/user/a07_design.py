import sys; sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))); sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from grader.grade import for_terminal, printable
from render import draw
H = "\u4dc0"
FAKE = "  ps1_memory/zoe: failed"
best = None
for n in range(1, 40):
  for s in range(0, 40):
    for h in range(1, 40):
        gid = " " * s + H * h + FAKE
        if len(gid) > 58: continue
        shown = printable(repr(gid[:60]))[:60]
        line = f"  ps1_memory/mallory: refused: cell {n} carries nbgrader metadata with an id ({shown}) that is not one of the assignment's cells. Hand in the notebook as the release gave it"
        rows = draw(for_terminal(line))
        if any(r.startswith(FAKE) for r in rows):
            best = (n, gid); break
    if best: break
  if best: break
print(best)
if best:
    n, gid = best
    shown = printable(repr(gid[:60]))[:60]
    line = f"  ps1_memory/mallory: refused: cell {n} carries nbgrader metadata with an id ({shown}) that is not one of the assignment's cells. Hand in the notebook as the release gave it"
    print("\n".join(draw(for_terminal(line))))
