"""a03 (root): re-attack of round 15's fix (a hand-in whose paths are past PATH_MAX is refused before it is read).
The check measures paths under `submitted/`; nbgrader copies the hand-in to `autograded/`, one byte longer
("autograded" vs "submitted"). mallory hands in the untouched release notebook plus nested folders whose deepest
file's path is exactly 4,095 bytes under submitted/ (lstat works: refusal passes) and 4,096 under autograded/.
The feedback step's check of `autograded/<student>/<assignment>` (`feedback_exclusions` -> `unsafe_entries` ->
`os.lstat`) runs in the worker thread, outside `refused()`. Students: aa_honest, mallory, zz_honest (honest ones are the
solution). Variants by the deepest entry: FILE (a plain file) and DIR (an empty folder)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common16 import *  # noqa
from attack_course import release_nb  # noqa


def deep(handin, total=4095, kind="file"):
    path = handin
    while total - len(path) - 1 > 255:
        os.mkdir(os.path.join(path, "d" * 200))
        path = os.path.join(path, "d" * 200)
    last = total - len(path) - 1
    name = os.path.join(path, "f" * last)
    if kind == "file":
        open(name, "w").write("x")
    else:
        os.mkdir(name)
    print(f"deepest {kind}: {len(name)} bytes under submitted/, "
          f"{len(name.replace('/submitted/', '/autograded/', 1))} under autograded/")


def main():
    for kind in (sys.argv[1:] or ["file", "dir"]):
        print(f"######## variant: deepest entry is a {kind}")
        d = course("/tmp/attack16-a03", {"aa_honest": honest(), "mallory": release_nb(), "zz_honest": honest()})
        deep(os.path.join(d, "submitted", "mallory", "ps1_memory"), kind=kind)
        rc = grade(d)
        print("exit status:", rc)
        try:
            print(open(os.path.join(d, "grading_report.json")).read())
        except OSError as e:
            print("no grading_report.json:", e)
        fb = os.path.join(d, "feedback")
        print("feedback pages:", sorted(os.path.relpath(os.path.join(r, f), fb) for r, _, fs in os.walk(fb) for f in fs if f.endswith(".html")) if os.path.isdir(fb) else "(none)")
        print("grades.csv:", open(os.path.join(d, "grades.csv")).read() if os.path.exists(os.path.join(d, "grades.csv")) else "(none)")
        cleanup(d)


if __name__ == "__main__":
    main()
