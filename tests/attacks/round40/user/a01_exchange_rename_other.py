"""a01 (with an ORACLE for the names: nbgrader submit appends 72 random bits to each folder name, and the
inbound folder is not readable by students, so mallory must be told them): nbgrader's exchange inbound folder is 2733 (release_assignment: S_ISGID|rwx-wx-wx), writable by every student
and NOT sticky, so any student may rename any entry of it (renaming a folder within the same parent needs write on
the parent only). SafeCollect checks each folder's owner, id and name's time, then picks each student's newest
folder BY THE TIME IN ITS NAME. mallory (honest hand-in herself) renames:
  - aaron's first draft (the unanswered release notebook, named 2 h ago) to a name with a time newer than his final
    honest hand-in (named 1 h ago): collect picks the draft;
  - zoe's only folder to `zoe40u-kept-elsewhere`: no record, zoe is not collected at all.
bob and nina are untouched controls (before and after mallory in name order). Then the TA collects and grades."""
import os, sys, json, time, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *

A = "ps1_memory"
add_accounts()
try:
    d = make_course("a01")
    X, inbound = make_exchange("a01")
    os.chmod(inbound, 0o2733)  # what nbgrader release_assignment makes
    print("inbound mode", oct(os.stat(inbound).st_mode))
    now = datetime.datetime.utcnow()
    def stamp(dt): return dt.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    tmp_h = "/tmp/attack40-user-a01-honest.ipynb"; nbformat.write(honest(A), tmp_h); os.chmod(tmp_h, 0o644)
    tmp_d = "/tmp/attack40-user-a01-draft.ipynb"; nbformat.write(release_nb(A), tmp_d); os.chmod(tmp_d, 0o644)
    def submit(uid, s, ts, nb, rnd):
        as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+{rnd}'; os.mkdir(p); shutil.copy('{nb}', p+'/{A}.ipynb'); os.chmod(p+'/{A}.ipynb',0o444)")
    submit(2401, "aaron40u", stamp(now - datetime.timedelta(hours=2)), tmp_d, "draft")
    submit(2401, "aaron40u", stamp(now - datetime.timedelta(hours=1)), tmp_h, "final")
    for uid, s in ((2404, "bob40u"), (2402, "mallory40u"), (2405, "nina40u"), (2403, "zoe40u")):
        submit(uid, s, stamp(now - datetime.timedelta(hours=1)), tmp_h, "final")
    print("inbound before:", sorted(os.listdir(inbound)))
    # --- mallory, as herself (uid 2402), on the shared exchange
    as_student(2402, f"import os\ntry: os.listdir({inbound!r}); print('mallory CAN list inbound')\nexcept OSError as e: print('mallory cannot list inbound:', e)")
    names = sorted(os.listdir(inbound))  # ORACLE: real nbgrader names end in 12 random base64 characters (72 bits)
    code = f"""
import os, datetime
ib = {inbound!r}
for n in {names!r}:
    if n.startswith('aaron40u+') and n.endswith('+draft'):
        new = 'aaron40u+{A}+' + datetime.datetime.utcnow().strftime('%Y-%m-%d %H:%M:%S.%f UTC') + '+draft'
        os.rename(ib + '/' + n, ib + '/' + new); print('mallory renamed', n, '->', new)
    if n.startswith('zoe40u+'):
        os.rename(ib + '/' + n, ib + '/zoe40u-kept-elsewhere'); print('mallory renamed', n, '-> zoe40u-kept-elsewhere')
"""
    as_student(2402, code)
    print("inbound after:", sorted(os.listdir(inbound)))
    for n in sorted(os.listdir(inbound)):
        st = os.stat(f"{inbound}/{n}"); print(f"  {n}: owner uid {st.st_uid}")
    chown(d); r = collect(d, X, A)
    print("\n".join(l[:300] for l in (r.stdout + r.stderr).splitlines())[-3000:])
    for s in sorted(os.listdir(f"{d}/submitted")):
        p = f"{d}/submitted/{s}/{A}"
        print("collected", s, open(p + "/timestamp.txt").read())
    grade(d, A)
    scores(d)
    rep = report(d)
finally:
    del_accounts()
    for f in ("/tmp/attack40-user-a01-honest.ipynb", "/tmp/attack40-user-a01-draft.ipynb"):
        if os.path.exists(f): os.unlink(f)
