# a06 (root, ps1_memory and the observer via ps3): the kernel can open /proc/1/mem and /proc/2/mem for writing (a03):
# bwrap's pid 1 and the placeholder are the same host uid (65534) and dumpable. What do they hold that the kernel
# does not: open descriptors (to the launcher, to host folders), a different root or cwd, other namespaces? Every
# /proc/<pid>/fd/* link, root, cwd and ns of the processes the kernel sees, and an attempt to open each fd through
# /proc/<pid>/fd (a re-open needs only the ptrace-read check, which passes) and to list /proc/<pid>/root.
# RESULT: see the end of this file.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

CELL = r'''
import os, glob
for d in sorted(glob.glob("/proc/[0-9]*")):
    pid = d[6:]
    print("pid", pid, open(d + "/comm").read().strip())
    for link in ("root", "cwd", "exe"):
        try: print("  ", link, os.readlink(f"{d}/{link}"), os.listdir(f"{d}/{link}")[:8] if link != "exe" else "")
        except Exception as e: print("  ", link, repr(e)[:80])
    try:
        for fd in sorted(os.listdir(d + "/fd"), key=int):
            target = os.readlink(f"{d}/fd/{fd}")
            try:
                f = os.open(f"{d}/fd/{fd}", os.O_RDONLY | os.O_NONBLOCK); os.close(f); how = "reopen OK"
            except Exception as e:
                how = "reopen " + repr(e)[:50]
            print("   fd", fd, target, how)
    except Exception as e:
        print("   fds", repr(e)[:80])
'''
students = {"fds": ac.notebook(append={"training_memory": CELL})}
dest = ac.make_course("r7-a06", students)
grade_watched(dest)
os.system(f"""python3 -c "import json;nb=json.load(open('{dest}/autograded/fds/ps1_memory/ps1_memory.ipynb'));[print(''.join(o.get('text','')) or o.get('evalue')) for c in nb['cells'] if c['metadata'].get('nbgrader',{{}}).get('grade_id')=='training_memory' for o in c.get('outputs',[])]" """)
# RESULT (root, 09:29 UTC, /tmp/attack-course-r7-a06, a06_pid1_fds_and_roots.out.txt): bwrap's pid 1 and the
# placeholder (pid 2) hold fd 2 = /tmp/grade-kernel-*/nbgrader.log, the grader's per-submission log ON THE HOST,
# opened for writing, raw (not through the labelled, 64 kB forwarder). Re-opening it through /proc/<pid>/fd/2 is
# refused (EACCES: the file is root's); a copy of the descriptor is not (a07). Roots and cwds are the sandbox's.
