"""A06: the exchange root is world-writable and sticky (nbgrader's design: students create their inbound folders
below it, and the guard wants it so). Before the TA's first release_assignment, eve (local account) makes the
course's folder exchange/distcourse herself (the course id is public), with one file inside so that nobody but its
owner or root can remove it. Does the TA's release, the students' fetch/submit and the TA's collect go on, and can the
TA (not root) undo it?"""
import os, subprocess, shutil, sys
sys.path.insert(0, os.path.dirname(__file__))
from exch import setup, as_user, NB, PY
base, ta, root = setup("a06")
X = f"--Exchange.root={root}"
as_user(2491, ["/bin/sh", "-c", f"mkdir -p {root}/distcourse/outbound/ps1_memory {root}/distcourse/inbound {root}/distcourse/feedback && chmod 755 {root}/distcourse && touch {root}/distcourse/.keep && ls -la {root}/distcourse"], "/home/eve49")
as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta)
as_user(2492, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse"], "/home/bob49")
as_user(65534, ["/bin/sh", "-c", f"rm -rf {root}/distcourse; echo rm rc=$?; ls -ld {root}/distcourse"], ta)
as_user(65534, [NB, "list", X, "--course", "distcourse"], ta)
# the exchange root here is the TA's (1777): the sticky bit lets its owner rename an entry of another user aside
as_user(65534, ["/bin/sh", "-c", f"mv {root}/distcourse {root}/.squatted-distcourse && echo renamed aside"], ta)
as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta)
as_user(2492, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse"], "/home/bob49")
