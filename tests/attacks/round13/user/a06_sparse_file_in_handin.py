"""a06: a hand-in that holds one sparse file (apparent size SIZE GiB, default 4, ~0 bytes on disk: what a student's
upload costs) beside an untouched release notebook. Does the grader copy it out in full (autograded/, the sandbox's
work folder) and fill the TA's disk? du of the course folder before/after, free disk, and an honest student graded
after it."""
import os, sys, shutil, subprocess, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
GIB = int(sys.argv[1]) if len(sys.argv) > 1 else 4
def handin(d):
    import nbformat
    nbformat.write(u13.release_nb("ps1_memory"), os.path.join(d, "ps1_memory.ipynb"))
    with open(os.path.join(d, "data.bin"), "wb") as f:
        f.truncate(GIB << 30)
def du(p):
    return subprocess.run(["du", "-sm", p], capture_output=True, text=True).stdout.split()[0] + " MiB"
def free():
    s = os.statvfs("/tmp"); return f"{s.f_bavail * s.f_frsize >> 20} MiB free on /tmp's disk"
dest = u13.course("a06", {("mallory", "ps1_memory"): handin, ("zz_honest", "ps1_memory"): u13.honest("ps1_memory")})
print("before: course on disk", du(dest), "(apparent", subprocess.run(["du", "-sm", "--apparent-size", dest], capture_output=True, text=True).stdout.split()[0], "MiB);", free())
import threading
peak = [1 << 60]
stop = []
def watch():
    while not stop:
        s = os.statvfs("/tmp"); peak[0] = min(peak[0], s.f_bavail * s.f_frsize >> 20); time.sleep(0.2)
threading.Thread(target=watch, daemon=True).start()
u13.grade(dest)
stop.append(1)
print("after: course on disk", du(dest), ";", free(), "; lowest free during grading", peak[0], "MiB")
for sub in ("submitted", "autograded", "feedback"):
    p = os.path.join(dest, sub, "mallory")
    if os.path.exists(p):
        print(sub, "mallory:", du(p), os.listdir(os.path.join(p, "ps1_memory")) if os.path.isdir(os.path.join(p, "ps1_memory")) else "")
u13.scores(dest)
u13.report(dest)
shutil.rmtree(dest)
print("removed;", free())
