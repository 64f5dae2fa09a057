"""a11: forging an EARLIER time for her own hand-in through collect's new timestamp rule (time in the folder's name,
unless the folder or notebook changed > 5 min later). mallory, after the 'deadline', makes folders named 2 h ago:
 (a) plain copy; (b) notebook and folder mtimes set back 2 h with utime (touch -d); (c) notebook written in place
 through a MAP_SHARED mmap of a file created (and written) before the folder, then the folder's mtime set back;
 (d) a folder created now, then renamed (a rename keeps the folder's inode, and updates its ctime?).
Each in its own exchange; what timestamp.txt does collect write? aaron40u, zoe40u honest (named now)."""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    tmp = "/tmp/attack40-user-a11.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    now = datetime.datetime.utcnow(); back = now - datetime.timedelta(hours=2)
    ts_now = now.strftime("%Y-%m-%d %H:%M:%S.%f UTC"); ts_back = back.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    epoch_back = (back - datetime.datetime(1970, 1, 1)).total_seconds()
    variants = {
        "a_plain": f"p = IB + '/mallory40u+{A}+{ts_back}+a'; os.mkdir(p); shutil.copy({tmp!r}, p + '/{A}.ipynb')",
        "b_utime": f"p = IB + '/mallory40u+{A}+{ts_back}+b'; os.mkdir(p); shutil.copy({tmp!r}, p + '/{A}.ipynb'); os.utime(p + '/{A}.ipynb', ({epoch_back}, {epoch_back})); os.utime(p, ({epoch_back}, {epoch_back}))",
        "c_mmap": f"""p = IB + '/mallory40u+{A}+{ts_back}+c'; os.mkdir(p)
data = open({tmp!r}, 'rb').read()
fd = os.open(p + '/{A}.ipynb', os.O_RDWR | os.O_CREAT, 0o644); os.write(fd, b' ' * len(data))
time.sleep(1)
m = mmap.mmap(fd, len(data)); m[:] = data; m.flush(); os.utime(p, ({epoch_back}, {epoch_back}))""",
        "d_rename": f"q = IB + '/mallory40u-tmp'; os.mkdir(q); shutil.copy({tmp!r}, q + '/{A}.ipynb'); os.rename(q, IB + '/mallory40u+{A}+{ts_back}+d')",
    }
    for tag, code in variants.items():
        d = make_course("a11" + tag[0]); X, inbound = make_exchange("a11" + tag[0]); os.chmod(inbound, 0o2733)
        for uid, s in ((2401, "aaron40u"), (2403, "zoe40u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts_now}+Q'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        as_student(2402, f"import os, shutil, mmap, time\nos.umask(0o022)\nIB = {inbound!r}\n" + code)
        chown(d); r = collect(d, X, A)
        got = {s: open(f"{d}/submitted/{s}/{A}/timestamp.txt").read() for s in sorted(os.listdir(f"{d}/submitted")) if os.path.exists(f"{d}/submitted/{s}/{A}/timestamp.txt")}
        print(f"{tag}: name says {ts_back}; collected mallory40u {got.get('mallory40u')}; aaron {got.get('aaron40u')}, zoe {got.get('zoe40u')}")
        print("   ", "EARLIER TIME KEPT (forged)" if got.get("mallory40u", "").startswith(ts_back[:16]) else "late time (held)")
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
    os.unlink(tmp)
finally:
    del_accounts()
