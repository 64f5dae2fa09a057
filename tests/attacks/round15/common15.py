"""Shared by round 15's ROOT scripts: build a course folder, hand in notebooks, grade it through the grading
command (`python -m grader.grade --course-dir DIR --workers 1`, or `python -m tests.attacks.run_grade --limits ...
--course-dir DIR --workers 1` where a cap is lowered to stay within the shared machine), sample the host while it
grades, print scores. Paths are found from this file (the clone is <clone>)."""
import glob, json, os, shutil, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(HERE))
from attack_course import notebook, show, outputs, scores  # noqa: E402
import nbformat  # noqa: E402

PY = os.path.join(ROOT, ".venv/bin/python")
CANARY_ENV = {"DATABASE_URL": "postgresql://ta:secret@localhost/x"}


def honest(assignment="ps1_memory"):
    from tools.submissions import fill, source_and_release
    s, r = source_and_release(assignment)
    return fill(r, s, {})


def course(dest, students, assignment="ps1_memory"):
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run([PY, "-c", f"from grader.course import copy_course; copy_course({dest!r}, [{assignment!r}])"],
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


def sockstat(proto):
    """Pages of socket memory the host counts for `proto` (UDP:, TCP:), in bytes (counted for the whole host)."""
    for line in open("/proc/net/sockstat"):
        if line.startswith(proto):
            f = line.split()
            return int(f[f.index("mem") + 1]) * 4096
    return 0


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
    top = GRADER.get("pid")
    out = {}
    for d in glob.glob("/sys/fs/cgroup/memory/**/distcourse-sandbox-*", recursive=True):
        try:
            procs = [int(x) for x in open(os.path.join(d, "cgroup.procs")).read().split()]
            if top is None or not any(_descends(p, top) for p in procs):
                continue
            out[os.path.basename(d)] = {k: int(open(os.path.join(d, f"memory.{k}")).read())
                                        for k in ("usage_in_bytes", "max_usage_in_bytes", "limit_in_bytes",
                                                  "kmem.tcp.max_usage_in_bytes", "kmem.tcp.limit_in_bytes")}
        except OSError:
            pass
    return out


class Sampler(threading.Thread):
    def __init__(self, period=0.5):
        super().__init__(daemon=True)
        self.period, self.stop, self.rows = period, False, []
        self.base, self.udp0 = mem_available(), sockstat("UDP:")

    def run(self):
        t0 = time.time()
        while not self.stop:
            self.rows.append((time.time() - t0, self.base - mem_available(), sockstat("UDP:") - self.udp0,
                              my_cgroups()))
            time.sleep(self.period)

    def summary(self):
        host = max((r[1] for r in self.rows), default=0)
        udp = max((r[2] for r in self.rows), default=0)
        cg = max((v["max_usage_in_bytes"] for r in self.rows for v in r[3].values()), default=0)
        lim = max((v["limit_in_bytes"] for r in self.rows for v in r[3].values()), default=0)
        tcp = max((v["kmem.tcp.max_usage_in_bytes"] for r in self.rows for v in r[3].values()), default=0)
        tcplim = max((v["kmem.tcp.limit_in_bytes"] for r in self.rows for v in r[3].values()), default=0)
        return {"sandbox_kmem_tcp_peak_MiB": tcp >> 20, "sandbox_kmem_tcp_limit_MiB": tcplim >> 20,
                "host_memory_drop_MiB (whole shared host, other work included)": host >> 20, "udp_socket_memory_MiB": udp >> 20,
                "sandbox_cgroup_peak_MiB": cg >> 20, "sandbox_cgroup_limit_MiB": lim >> 20}


def grade(dest, limits=None, env_extra=None, timeout=1500):
    env = {**os.environ, **CANARY_ENV, **(env_extra or {})}
    if limits:
        cmd = [PY, "-m", "tests.attacks.run_grade", "--limits", json.dumps(limits), "--course-dir", dest, "--workers", "1"]
    else:
        cmd = [PY, "-m", "grader.grade", "--course-dir", dest, "--workers", "1"]
    print("$", " ".join(c.replace(ROOT, "<clone>") for c in cmd), flush=True)
    t = time.time()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    GRADER["pid"] = proc.pid
    out, err = proc.communicate(timeout=timeout)
    print(f"grade rc={proc.returncode} in {time.time() - t:.0f}s")
    print(out[-2500:].replace(ROOT, "<clone>"), err[-2500:].replace(ROOT, "<clone>"), flush=True)
    return proc.returncode


def cleanup(dest):
    shutil.rmtree(dest, ignore_errors=True)
