"""a09 (ORDINARY USER): a hand-in of empty folders. grader.grade.refusal caps a hand-in at 1000 FILES and 512 MiB of
file bytes; folders count in neither. Each folder costs a 4 KiB block (ext4) when the TA unpacks the hand-in, again
when nbgrader copies it into autograded/, and one `--dir` argument of bwrap's command line (sandbox._copy_folder).
Here 200,000 empty folders (a few KB zipped) next to an untouched notebook; honest graded after it.
"""
from u import *

N = int(os.environ.get("DIRS", 200_000))

if __name__ == "__main__":
    dest = make_course("r5u-09", {"dirs": notebook(), "honest": honest_nb()})
    base = os.path.join(dest, "submitted", "dirs", "ps1_memory", "d")
    t = time.time()
    for i in range(N):
        os.makedirs(os.path.join(base, f"{i // 1000}", f"{i % 1000}"))
    print(f"made {N} folders in {time.time()-t:.0f}s")
    subprocess.run(["chown", "-R", "65534:65534", dest], check=True)
    du = lambda p: subprocess.run(["du", "-sm", p], capture_output=True, text=True).stdout.split()[0] if os.path.exists(p) else "absent"
    print("submitted/dirs MiB:", du(os.path.join(dest, "submitted", "dirs")))
    t = time.time()
    grade(dest, python=CLONE + "/.venv/bin/python", cwd=CLONE,
          prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=" + HOME))
    print(f"grading took {time.time()-t:.0f}s")
    show(dest)
    print("autograded/dirs MiB:", du(os.path.join(dest, "autograded", "dirs")))

# RESULT (ORDINARY USER, 970 s): WEAK (only its own share). 200,000 empty folders = 786 MiB on the grader's disk,
# above the 512 MiB hand-in cap, were NOT refused (folders count in neither cap). nbgrader autograde spent the whole
# 900 s walking them (never started the kernel): "dirs: timeout: grading this submission took longer than 900 s";
# autograded/dirs absent afterwards; honest graded after it 24/24 in 24 s. The class waited 900 s: its own share.
# (Course folder removed afterwards to free the disk.)
