"""a03: a01's other half: SafeCollect counts bytes, never entries. mallory's inbound folder holds her notebook plus N
names of a few empty files (hard links: each name costs her a directory entry, no inode). Collect makes one new
file, one inode, per name on the TA's disk, and takes time for each, before the next student. Measured: inodes of
the course disk used, collect time with and without her (aaron39u, zoe39u honest)."""
from lib import *
A = "ps1_memory"; N = int(os.environ.get("N", "300000"))
add_accounts()
try:
    for run in ("control", "mallory"):
        d = make_course("a03")
        X, inbound = make_exchange("a03")
        chown(d); os.chmod(d, 0o700)
        honest_inbound(inbound, A)
        if run == "mallory":
            tmp = "/tmp/attack39-user-a03-m.ipynb"; nbformat.write(release_nb(A), tmp); os.chmod(tmp, 0o644)
            t = time.time()
            as_student(2392, f"""
import os, shutil
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+r'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
os.mkdir(p + '/e')
for i in range({N}):
    if i % 60000 == 0: src = p + '/e/%d' % i; open(src, 'w').close(); continue
    os.link(src, p + '/e/%d' % i)
""")
            print(f"mallory: {N} names of {N // 60000 + 1} empty files in {time.time()-t:.1f}s")
            os.system(f"du -sh {inbound}/mallory39u*")
        i0 = os.statvfs(d); used0 = i0.f_files - i0.f_ffree
        r = collect(d, X, A)
        i1 = os.statvfs(d); print(f"[{run}] inodes used on the course disk by collect: {(i1.f_files - i1.f_ffree) - used0:,}")
        os.system(f"ls {d}/submitted")
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
