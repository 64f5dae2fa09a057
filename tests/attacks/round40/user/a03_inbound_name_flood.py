"""a03: round 39 capped the files of ONE student's folder (1,000), but not how many entries a student puts into the
exchange's inbound folder itself. SafeCollect's init_src globs `inbound/*+<assignment>+*`, parses every name's time with
dateutil (`_path_to_record`), lstat()s it and logs ONE ERROR LINE PER REFUSED ENTRY ("not collected: ...: its time does
not read as a date"). mallory (as herself) makes one empty file in inbound and N hard links to it (directory entries
only, in the TA's inbound folder, charged to no quota of hers), each named `mallory40u+ps1_memory+<1 1 1 ... (slow for
dateutil)>+<i>`. Measured: collect's time and log size with and without them; aaron, bob, nina, zoe honest."""
import os, sys, json, time, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *

A = "ps1_memory"
N = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
add_accounts()
try:
    def setup(tag):
        d = make_course(tag)
        X, inbound = make_exchange(tag)
        os.chmod(inbound, 0o2733)
        now = datetime.datetime.utcnow()
        ts = now.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        tmp_h = f"/tmp/attack40-user-{tag}-honest.ipynb"; nbformat.write(honest(A), tmp_h); os.chmod(tmp_h, 0o644)
        for uid, s in ((2401, "aaron40u"), (2404, "bob40u"), (2402, "mallory40u"), (2405, "nina40u"), (2403, "zoe40u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Q{s}'; os.mkdir(p); shutil.copy('{tmp_h}', p+'/{A}.ipynb')")
        os.unlink(tmp_h)
        return d, X, inbound
    # control
    d0, X0, ib0 = setup("a03c")
    chown(d0); r0 = collect(d0, X0, A)
    out0 = r0.stdout + r0.stderr
    print(f"CONTROL: log {len(out0):,} bytes, {out0.count(chr(10)):,} lines; collected {sorted(os.listdir(d0 + '/submitted'))}")
    # attack
    d, X, inbound = setup("a03")
    code = f"""
import os, time
ib = {inbound!r}
t = time.time()
bad = ' '.join(['1'] * 100)
for i in range({N}):
    if i % 60000 == 0:
        f = ib + f'/m-anchor{{i}}'; open(f, 'w').close()  # ext4: at most 65,000 names a file
    os.link(f, ib + f'/mallory40u+{A}+{{bad}}+{{i}}')
print('mallory made', {N}, 'names in', round(time.time() - t, 1), 's')
"""
    as_student(2402, code)
    st = os.stat(inbound); print(f"inbound directory size now {st.st_size:,} bytes (owner uid {st.st_uid}), the anchor's st_blocks {os.stat(inbound + '/m-anchor0').st_blocks}")
    chown(d); r = collect(d, X, A, timeout=3000)
    out = r.stdout + r.stderr
    print(f"ATTACK: log {len(out):,} bytes, {out.count(chr(10)):,} lines; collected {sorted(os.listdir(d + '/submitted'))}")
    print("first lines:", "\n".join(out.splitlines()[:3])[:600])
    import resource
    print("children's CPU so far:", resource.getrusage(resource.RUSAGE_CHILDREN))
finally:
    del_accounts()
