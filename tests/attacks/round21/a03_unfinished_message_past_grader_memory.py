"""a03: a01b's unfinished message made larger than the grading process's 2 GiB data cap in one go (CHUNK = 40 M empty
parts, 80 MB written, about 2.5 GiB once libzmq's I/O thread has stored them): libzmq's allocation fails inside the
grader's I/O thread (its alloc_assert aborts the process). The README promises that what a kernel makes the grader
hold "fails that submission ... and nothing else". Checked: the hostile submission's status and reason, the honest
student's marks, and that no process naming this run's course folder is left. Through `python -m grader.grade --course-dir DIR --workers 1`."""
import os, subprocess, sys
os.environ.setdefault("CHUNK", "40000000")
os.environ.setdefault("DUR", "30")
os.environ.setdefault("PREFIX", "/tmp/attack21-a03-")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import a01b_own_listener_unfinished_message as a01b  # noqa: E402


def main():
    a01b.r18_runner.__globals__  # noqa: B018 - same helpers
    a01b.main()
    import time
    time.sleep(5)
    left = [l for l in subprocess.run(["ps", "-eo", "pid,user,args"], capture_output=True, text=True).stdout.splitlines()
            if "attack21-a03-" in l]
    print("processes naming this run's course folder left after it:", left or "none")


if __name__ == "__main__":
    main()
