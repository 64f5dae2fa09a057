"""a02: round 43 times a notebook by its own change time (ctime), so that a notebook rewritten after the deadline
is late. On tmpfs a write through a shared mapping never moves a file's times (shmem has no page_mkwrite and no
writeback: the page is mapped writable at the first fault, file_update_time is never called). mallory hands in
the release notebook padded with blanks (her folder named for now), waits past LATE_SLACK (300 s: "after the
deadline"), then writes her finished notebook into the same file through mmap (no size change). nina: the same
late rewrite with write(). aaron, zoe: honest, on time. Exchange on tmpfs (/dev/shm here, as /tmp is on many
distributions); collected as uid 65534 with the course's SafeCollect, then graded."""
import sys, os, time, json, datetime, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
WAIT = int(os.environ.get("A02_WAIT", "330"))

def main():
    add_accounts()
    try:
        X = "/dev/shm/attack44-user-a02-exchange"
        if os.path.exists(X): shutil.rmtree(X)
        inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
        chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
        d = make_course("a02")
        chown(d)
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        honest_inbound(inbound, A, ts=now)
        final = nbformat.writes(honest(A)).encode()
        draft = nbformat.writes(release_nb(A)).encode()
        pad = len(final) + 4096
        for uid, s in ((2542, MALLORY), (2545, "nina44u")):
            tmp = f"/tmp/attack44-user-a02-{s}.ipynb"
            open(tmp, "wb").write(draft + b" " * (pad - len(draft))); os.chmod(tmp, 0o644)
            as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{now}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb')")
            os.unlink(tmp)
        # mallory's process maps her notebook and touches every page now, on time (the first write fault of a page
        # updates the times, fault_dirty_shared_page), keeps the mapping, and writes the finished work through it
        # after the deadline: on tmpfs nothing cleans the pages, so no later write faults
        fin = f"/tmp/attack44-user-a02-final.ipynb"; open(fin, "wb").write(final + b" " * (pad - len(final))); os.chmod(fin, 0o644)
        procs = []
        for uid, s, how in ((2542, MALLORY, "mmap"), (2545, "nina44u", "write")):
            p = f"{inbound}/{s}+{A}+{now}+r{uid}/{A}.ipynb"
            code = f"""
import os, mmap, time
p = {p!r}
fd = os.open(p, os.O_RDWR)
if {how!r} == 'mmap':
    m = mmap.mmap(fd, 0, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    for i in range(0, len(m), 4096): m[i:i+1] = m[i:i+1]
before = os.stat(p)
print({s!r}, 'mapped and touched at', time.time(), 'ctime', before.st_ctime, flush=True)
time.sleep({WAIT})
data = open({fin!r}, 'rb').read()
if {how!r} == 'mmap':
    m[:len(data)] = data; m.close()
else:
    os.pwrite(fd, data, 0)
os.close(fd)
after = os.stat(p)
print({s!r}, {how!r}, 'late write at', time.time(), 'ctime', before.st_ctime, '->', after.st_ctime, 'mtime', before.st_mtime, '->', after.st_mtime, 'size', after.st_size, flush=True)
"""
            procs.append(subprocess.Popen(["setpriv", "--reuid", str(uid), "--regid", "100", "--clear-groups", sys.executable, "-c", code]))
        print("folders named", now, "; waiting", WAIT, "s (past LATE_SLACK 300)", flush=True)
        for q in procs: q.wait()
        os.unlink(fin)
        print("rewritten at", datetime.datetime.now(datetime.timezone.utc), flush=True)
        r = collect(d, X, A)
        print("\n".join(l for l in (r.stdout + r.stderr).splitlines() if "changed" in l or "WARN" in l or "ERROR" in l)[:3000])
        for s in (AARON, MALLORY, "nina44u", ZOE):
            tsf = f"{d}/submitted/{s}/{A}/timestamp.txt"
            nbf = f"{d}/submitted/{s}/{A}/{A}.ipynb"
            print("COLLECTED", s, open(tsf).read() if os.path.exists(tsf) else None,
                  "finished work" if os.path.exists(nbf) and b"### BEGIN" not in open(nbf, "rb").read() and b"NotImplementedError" not in open(nbf, "rb").read() else "draft/none")
        grade(d, A)
        scores(d)
        import sqlite3
        for row in sqlite3.connect(f"{d}/gradebook.db").execute("select student.id, submitted_assignment.timestamp from submitted_assignment join student on student.id=submitted_assignment.student_id"):
            print("GRADEBOOK", row)
    finally:
        del_accounts()
        shutil.rmtree("/dev/shm/attack44-user-a02-exchange", ignore_errors=True)

main()
