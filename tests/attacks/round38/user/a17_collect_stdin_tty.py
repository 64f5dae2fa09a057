"""a17: a16 (2) on a terminal: the TA runs `nbgrader collect` in a terminal (here a pseudo-terminal made by
`script`), mallory's inbound hand-in holds `notes.txt -> /dev/stdin`. copyfile sees a character device (the tty),
not a pipe: does collect sit reading the TA's terminal, and what the TA types go into mallory's hand-in?"""
from lib import *
A = "ps1_memory"
A = "ps1_memory"
exec(open("a16_collect_unreadable_and_stdin.py").read().split('print("(1)')[0].split("A = \"ps1_memory\"", 1)[1])
d, X = setup("a17", "os.symlink('/dev/stdin', p+'/notes.txt')")
inner = f"{CLONE}/.venv/bin/nbgrader collect {A} --Exchange.root={X}"  # script runs as the TA (65534): its pty is the TA's
t = time.time()
p = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "script", "-q", "-e", "-c", inner, "/dev/null"], cwd=d, env=dict(ENV, HOME='/tmp'), stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
time.sleep(25)
print(f"after {time.time()-t:.0f}s: collect still running: {p.poll() is None}")
if p.poll() is not None: print(p.stdout.read().decode(errors="replace")[-800:])
os.system(f"ls -la {d}/submitted/*/{A}/ 2>&1 | head -20")
p.stdin.write(b"the TA types: my password is hunter2\n"); p.stdin.flush(); time.sleep(2)
p.stdin.write(b"\x04"); p.stdin.flush()
try:
    out, _ = p.communicate(timeout=60)
except subprocess.TimeoutExpired:
    p.kill(); out, _ = p.communicate()
print(f"collect ended rc {p.returncode} after {time.time()-t:.0f}s")
os.system(f"ls {d}/submitted/; cat {d}/submitted/mallory/{A}/notes.txt 2>&1")
