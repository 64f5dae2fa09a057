"""a02: SafeCollect.do_copy computes `named + timedelta(seconds=LATE_SLACK)` where `named` is the time in the folder's
NAME (the student's text, parsed by dateutil). A name of 9999-12-31 23:59:59.999999 UTC parses (it is datetime.max),
is the student's newest folder, and `named + 300 s` raises OverflowError, which do_copy does not catch (it catches
OSError and Refused only): the exception leaves nbgrader's copy_files loop and the collection of the WHOLE CLASS
stops at mallory; every student after her in glob order (the inbound folder's readdir order) is not collected.
mallory also drops N decoy folders of her own (older names) so that her group comes early in that order.
Controls: aaron, bob before her in name order, nina, zoe after (honest, one folder each, submitted as themselves)."""
import os, sys, json, time, datetime, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *

A = "ps1_memory"
N_DECOYS = int(sys.argv[1]) if len(sys.argv) > 1 else 40
add_accounts()
try:
    d = make_course("a02")
    X, inbound = make_exchange("a02")
    os.chmod(inbound, 0o2733)
    now = datetime.datetime.utcnow()
    def stamp(dt): return dt.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    tmp_h = "/tmp/attack40-user-a02-honest.ipynb"; nbformat.write(honest(A), tmp_h); os.chmod(tmp_h, 0o644)
    def submit(uid, s, ts, rnd):
        as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+{rnd}'; os.mkdir(p); shutil.copy('{tmp_h}', p+'/{A}.ipynb')")
    for uid, s in ((2401, "aaron40u"), (2404, "bob40u"), (2405, "nina40u"), (2403, "zoe40u")):
        submit(uid, s, stamp(now), "Qx" + s)
    # mallory, as herself: one folder named for datetime.max, plus decoys (all hers, all valid)
    code = f"""
import os, shutil, base64
os.umask(0o022)
ib = {inbound!r}
for i in range({N_DECOYS}):
    p = ib + '/mallory40u+{A}+{stamp(now)}+' + base64.urlsafe_b64encode(os.urandom(9)).decode()
    os.mkdir(p); shutil.copy({tmp_h!r}, p + '/{A}.ipynb')
p = ib + '/mallory40u+{A}+9999-12-31 23:59:59.999999 UTC+max'
os.mkdir(p); shutil.copy({tmp_h!r}, p + '/{A}.ipynb')
print('mallory made', {N_DECOYS} + 1, 'folders')
"""
    as_student(2402, code)
    order = []
    for f in glob.glob(f"{inbound}/*+{A}+*"):
        u = os.path.basename(f).rsplit("+", 3)[0]
        if u not in order: order.append(u)
    print("glob order of students (nbgrader's collect order):", order)
    chown(d); r = collect(d, X, A)
    print("collect rc", r.returncode)
    print("\n".join(l[:300] for l in (r.stdout + r.stderr).splitlines() if "Collecting" in l or "Error" in l or "error" in l or "File" in l)[-2500:])
    got = sorted(os.listdir(f"{d}/submitted")) if os.path.isdir(f"{d}/submitted") else []
    print("collected:", got)
    for s in got:
        p = f"{d}/submitted/{s}/{A}"
        print("  ", s, os.listdir(f"{d}/submitted/{s}"), os.listdir(p) if os.path.isdir(p) else "(no hand-in folder)")
    missing = [s for s in ("aaron40u", "bob40u", "nina40u", "zoe40u") if s not in got]
    print("honest students NOT collected:", missing)
    print("--- the TA runs collect again (and again): same stop")
    r2 = collect(d, X, A)
    print("second collect rc", r2.returncode, "collected:", sorted(os.listdir(f"{d}/submitted")))
    print("--- the TA grades what was collected")
    grade(d, A)
    scores(d)
finally:
    del_accounts()
    if os.path.exists("/tmp/attack40-user-a02-honest.ipynb"): os.unlink("/tmp/attack40-user-a02-honest.ipynb")
