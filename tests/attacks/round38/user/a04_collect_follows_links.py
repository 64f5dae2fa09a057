"""a04: hand-ins reach submitted/ through `nbgrader collect` (README: "nbgrader's layout, or `nbgrader collect`").
The exchange's inbound folder is written by the students themselves (mode 733 as nbgrader sets it up); collect copies
each student's folder with shutil.copytree(symlinks=False): a symbolic link in a hand-in is followed, as the TA,
and its target's content lands in submitted/ as a plain file, where the grader's link check sees nothing.
mallory (uid 2002) hands in ps1_memory.ipynb as a link to the course's source/ps1_memory/ps1_memory.ipynb (the
solutions; she cannot read the course folder, mode 700) and notes.txt linked to another student's inbound hand-in.
aaron (2001) and zoe (2003) hand in honest notebooks. The TA (uid 65534) collects, then grades."""
from lib import *
d = make_course("a04")
A = "ps1_memory"
X = "/tmp/attack38-user-a04-exchange"
if os.path.exists(X): shutil.rmtree(X)
inbound = f"{X}/distcourse/inbound"
os.makedirs(inbound)
chown(d); chown(X)
os.chmod(d, 0o700); os.chmod(X, 0o755); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
def as_student(uid, code):
    subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups", sys.executable, "-c", code], check=True)
ts = "2026-11-29 11:00:00.000000 UTC"
for uid, s in ((2001, "aaron"), (2003, "zoe")):
    tmp = f"/tmp/attack38-user-a04-{s}.ipynb"
    nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); "
                    f"shutil.copy('{tmp}', p+'/{A}.ipynb'); open(p+'/timestamp.txt','w').write('{ts}')")
as_student(2002, f"import os; p='{inbound}/mallory+{A}+{ts}+r2002'; os.mkdir(p); os.chmod(p,0o755); "
                 f"os.symlink('{d}/source/{A}/{A}.ipynb', p+'/{A}.ipynb'); "
                 f"os.symlink('{inbound}/aaron+{A}+{ts}+r2001/{A}.ipynb', p+'/aarons_copy.ipynb'); "
                 f"open(p+'/timestamp.txt','w').write('{ts}')")
print("mallory can read the solutions herself?", subprocess.run(["setpriv", "--reuid", "2002", "--regid", "2002", "--clear-groups",
      "cat", f"{d}/source/{A}/{A}.ipynb"], capture_output=True, text=True).stderr.strip())
os.system(f"ls -la '{inbound}/mallory+{A}+{ts}+r2002'")
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                    f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True)
print("collect rc", r.returncode, (r.stdout + r.stderr)[-1500:])
os.system(f"ls -la {d}/submitted/mallory/{A}/; grep -c 'BEGIN SOLUTION' {d}/submitted/mallory/{A}/{A}.ipynb")
os.system(
          f"cmp {d}/submitted/mallory/{A}/aarons_copy.ipynb {d}/submitted/aaron/{A}/{A}.ipynb && echo aarons hand-in copied into mallory's folder")
grade(d, A)
scores(d); report(d)
os.system(f"grep -c 'BEGIN SOLUTION\\|raise NotImplementedError' {d}/feedback/mallory/{A}/{A}.html; "
          f"grep -o 'def partition_layers[^<]*' {d}/feedback/mallory/{A}/{A}.html | head -3")
