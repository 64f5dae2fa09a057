"""a04: round 40 capped parsing at 200 folders A STUDENT and logs one line a student and reason. The student is the text
before the name's first '+', which mallory chooses: 100,000 entries (hard links to one empty file of hers, 1 s of her
time) named `m<i>+ps1_memory+x+y` are 100,000 'students', each refused ('not a folder'), each logged in a line of its
own. Measured: time, output size and lines of the TA's `nbgrader collect`, against the same exchange without them."""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
N = int(os.environ.get("N", "100000"))
add_accounts()
try:
    for flood in (False, True):
        d = make_course("a04"); X, inbound = make_exchange("a04"); os.chmod(inbound, 0o2733)
        tmp = "/tmp/attack41-user-a04.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        ts = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        for uid, s in ((2411, "aaron41u"), (2412, "mallory41u"), (2413, "zoe41u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Rr{uid}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        os.unlink(tmp)
        if flood:
            t = time.time()
            as_student(2412, f"import os\nos.umask(0o022)\nb='/tmp/attack41-user-a04-mine'\nfor i in range({N}):\n    if i % 60000 == 0: b = '/tmp/attack41-user-a04-mine%d' % i; open(b,'w').close()\n    os.link(b, '{inbound}/m%d+{A}+x+y' % i)")
            print(f"mallory made {N} names in {time.time()-t:.1f}s")
        chown(d)
        t = time.time()
        r = subprocess.run(["/usr/bin/time", "-f", "maxrss %M kB", "setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                            f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True, timeout=1200)
        out = r.stdout + r.stderr
        print(f"== flood {flood}: collect rc {r.returncode} in {time.time()-t:.1f}s, output {len(out):,} bytes, {out.count(chr(10)):,} lines, {out.count('not collected'):,} 'not collected' lines; {out.strip().splitlines()[-1]}")
        print("   first lines:", "\n   ".join(out.splitlines()[:4]))
        print("   collected", sorted(os.listdir(d + "/submitted")))
        if flood:
            grade(d, A); scores(d)
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
        subprocess.run("rm -f /tmp/attack41-user-a04-mine*", shell=True)
finally:
    del_accounts()
