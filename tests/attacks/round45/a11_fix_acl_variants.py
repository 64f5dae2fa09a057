"""a11: against the clone's working tree as changed at 17:42:58 by someone else during this round (a02-a08's fix:
grader/formgrader_guard.shared_folder, written into the venv's nbgrader_config.py): ACL variants of a02. The TA
(root) runs `nbgrader list` in a folder of root's, 0750, whose ACL has (e) a named GROUP entry 65534:rwx (the
student's group), (f) a named user entry 65534:rwx under a mask of r-x (no one may write: must run), (g) a
GROUP_OBJ of rwx for group root (the TA's egid; mask rwx), and (h) a folder of root's 0755 inside a sticky 1777
folder owned by the student (an ancestor she owns). The student's nbgrader_config.py is put in each by root (to
see what the check says, as if she could write there)."""
import os, struct, subprocess, json, shutil

BASE = "/tmp/attack45-root-a11"
shutil.rmtree(BASE, ignore_errors=True)
os.makedirs(BASE); os.chmod(BASE, 0o755)
NB = "CLONE/.venv/bin/nbgrader"
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
MARKS = f"{BASE}/marks"; os.mkdir(MARKS); os.chmod(MARKS, 0o777)
CONFIG = 'import os\nopen("%s/ran-" + str(os.getpid()), "w").write("ran")\n' % MARKS
def acl(entries):
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in entries)
U = 0xFFFFFFFF
cases = {
    "e_named_group_65534_rwx": [(1, 7, U), (4, 5, U), (8, 7, 65534), (0x10, 7, U), (0x20, 0, U)],
    "f_named_user_rwx_mask_rx": [(1, 7, U), (2, 7, 65534), (4, 5, U), (0x10, 5, U), (0x20, 0, U)],
    "g_group_obj_root_rwx": [(1, 7, U), (4, 7, U), (0x20, 0, U)],
}
for name, entries in cases.items():
    folder = f"{BASE}/{name}"; os.mkdir(folder); os.chmod(folder, 0o750)
    os.setxattr(folder, "system.posix_acl_access", acl(entries))
for name in list(cases) + ["h_in_sticky_student_parent"]:
    if name.startswith("h_"):
        parent = f"{BASE}/hparent"; os.mkdir(parent); os.chown(parent, 65534, 65534); os.chmod(parent, 0o1777)
        folder = f"{parent}/work"; os.mkdir(folder, 0o755)
    else:
        folder = f"{BASE}/{name}"
    open(f"{folder}/nbgrader_config.py", "w").write(CONFIG)
    for f in os.listdir(MARKS): os.unlink(os.path.join(MARKS, f))
    r = subprocess.run([NB, "list"], cwd=folder, env=ENV, capture_output=True, text=True, timeout=120)
    why = r.stderr.split("(", 1)[1].split("):", 1)[0] if "not running in" in r.stderr else ""
    print(f"{name}: mode {oct(os.stat(folder).st_mode & 0o7777)} config ran: {bool(os.listdir(MARKS))} refused: {why!r}")
shutil.rmtree(BASE)
