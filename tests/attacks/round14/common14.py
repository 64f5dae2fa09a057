"""Shared by round 14's ROOT scripts: build a course, hand in notebooks, grade it through the grading command
(`python -m tools.grade`, or `python -m tests.attacks.run_grade --limits ...` where a cap is lowered), sample
the host while it grades, print scores. Paths are found from this file (the clone is <clone>)."""
import glob, json, os, shutil, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from attack_course import ROOT, notebook, honest_nb, show, outputs  # noqa: E402
import nbformat  # noqa: E402

PY = os.path.join(ROOT, ".venv/bin/python")
CANARY_ENV = {"DATABASE_URL": "postgresql://ta:secret@localhost/x"}


def course(dest, students, assignment="ps1_memory"):
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run([PY, "-c", f"from tools.course import copy_course; copy_course({dest!r}, [{assignment!r}])"],
                   cwd=ROOT, check=True)
    for student, nb in students.items():
        d = os.path.join(dest, "submitted", student, assignment)
        os.makedirs(d)
        nbformat.write(nb, os.path.join(d, f"{assignment}.ipynb"))
    return dest


def mem_available():
    for line in open("/proc/meminfo"):
        if line.startswith("MemAvailable"):
            return int(line.split()[1]) * 1024


def tcp_mem_bytes():
    """The host's TCP buffer memory (pages in /proc/net/sockstat, counted for the whole host)."""
    for line in open("/proc/net/sockstat"):
        if line.startswith("TCP:"):
            f = line.split()
            return int(f[f.index("mem") + 1]) * 4096
    return 0


def cgroups(only=None):
    out = {}
    for d in glob.glob("/sys/fs/cgroup/memory/**/distcourse-sandbox-*", recursive=True):
        if only is not None and not only(d):
            continue
        try:
            out[os.path.basename(d)] = {k: int(open(os.path.join(d, f"memory.{k}")).read())
                                        for k in ("usage_in_bytes", "max_usage_in_bytes", "limit_in_bytes",
                                                  "kmem.tcp.usage_in_bytes", "kmem.tcp.max_usage_in_bytes",
                                                  "kmem.tcp.limit_in_bytes")}
        except OSError:
            pass
    return out


class Sampler(threading.Thread):
    def __init__(self, period=0.5):
        super().__init__(daemon=True)
        self.period, self.stop, self.rows = period, False, []
        self.base = mem_available()

    def run(self):
        t0 = time.time()
        while not self.stop:
            self.rows.append((time.time() - t0, self.base - mem_available(), cgroups()))
            time.sleep(self.period)

    def summary(self):
        peak = max(self.rows, key=lambda r: r[1]) if self.rows else None
        cg_peak = 0
        for _, _, cg in self.rows:
            for v in cg.values():
                cg_peak = max(cg_peak, v["max_usage_in_bytes"])
        return peak, cg_peak


GRADER = {}


def _descends(pid, ancestor):
    for _ in range(64):
        if pid == ancestor:
            return True
        try:
            pid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            return False
        if pid <= 1:
            return False
    return False


def my_cgroups():
    """The memory cgroups of the sandboxes of the grading run started by `grade` (a process of theirs descends
    from it): other graders on this shared machine make cgroups of the same name."""
    top = GRADER.get("pid")

    def mine(d):
        try:
            procs = [int(x) for x in open(os.path.join(d, "cgroup.procs")).read().split()]
        except OSError:
            return False
        return top is not None and any(_descends(p, top) for p in procs)

    return cgroups(only=mine)


def grade(dest, limits=None, env_extra=None, timeout=900):
    env = {**os.environ, **CANARY_ENV, **(env_extra or {})}
    if limits:
        cmd = [PY, "-m", "tests.attacks.run_grade", "--limits", json.dumps(limits), "--course-dir", dest, "--workers", "1"]
    else:
        cmd = [PY, "-m", "tools.grade", "--course-dir", dest, "--workers", "1"]
    print("$", " ".join(c if "/" not in c or c.startswith("{") else c.replace(ROOT, "<clone>") for c in cmd))
    t = time.time()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    GRADER["pid"] = proc.pid
    out, err = proc.communicate(timeout=timeout)
    p = subprocess.CompletedProcess(cmd, proc.returncode, out, err)
    print(f"grade rc={p.returncode} in {time.time() - t:.0f}s")
    print(p.stdout[-2500:].replace(ROOT, "<clone>"), p.stderr[-2500:].replace(ROOT, "<clone>"))
    return p


def du(path):
    """Bytes a folder really takes on disk (allocated blocks), and its apparent size."""
    real = apparent = 0
    for d, _, files in os.walk(path):
        for f in files:
            try:
                st = os.lstat(os.path.join(d, f))
            except OSError:
                continue
            real += st.st_blocks * 512
            apparent += st.st_size
    return real, apparent


def cleanup(dest):
    shutil.rmtree(dest, ignore_errors=True)
