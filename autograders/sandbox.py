"""Run a submission's Jupyter kernel in a sandbox: bubblewrap namespaces plus resource limits.

nbgrader runs student code with the grader's own rights. When `tools.grade` grades with the
sandbox (the default where bubblewrap exists), nbgrader starts kernels through the kernelspec
`distcourse-sandbox`, whose command is this module. It execs `bwrap` so that the kernel and every
process it starts (the ranks of helpers.launch included):

  * sees the file system read-only, with the course directory and the course's code checkout hidden
    except the Python code it needs (helpers/, probes/, the virtual environment) and its own working
    folder, which is the only place it can write besides a private /tmp. Solutions (source/), other
    submissions, the gradebook and autograders/, where the judges and quiz keys live, are out of reach:
    hidden checks are judged in the grader's own process (see `probes` and `autograders.judge`);
  * has its own network namespace with only a loopback interface (gloo between ranks works,
    nothing leaves the machine), its own PID namespace (everything it started dies with it);
  * is capped in memory (RLIMIT_DATA per process), CPU seconds, file size, and number of processes
    (a pids cgroup when the grader runs as root, RLIMIT_NPROC otherwise).

The kernel talks to nbgrader over IPC sockets in a private runtime folder, since it shares no network
with it.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import sys

KERNEL_NAME = "distcourse-sandbox"
DEFAULT_LIMITS = {"memory_bytes": 6 * 2**30, "cpu_seconds": 1800, "file_bytes": 512 * 2**20, "processes": 256}


def available() -> str | None:
    """Why the sandbox cannot run here, or None when it can."""
    if not sys.platform.startswith("linux"):
        return "the sandbox needs Linux namespaces"
    if shutil.which("bwrap") is None:
        return "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    return None


def write_kernelspec(folder: str, course_root: str, limits: dict | None = None) -> str:
    """Write the `distcourse-sandbox` kernelspec under folder/kernels/; put folder on JUPYTER_PATH."""
    spec_dir = os.path.join(folder, "kernels", KERNEL_NAME)
    os.makedirs(spec_dir, exist_ok=True)
    spec = {
        "argv": [sys.executable, "-m", "autograders.sandbox", "-f", "{connection_file}"],
        "display_name": "Python 3 (grading sandbox)",
        "language": "python",
        # Signals reach bwrap, not the kernel inside it: ask the kernel to interrupt itself instead.
        "interrupt_mode": "message",
        "env": {"DISTCOURSE_COURSE_ROOT": os.path.abspath(course_root),
                "DISTCOURSE_SANDBOX_LIMITS": json.dumps({**DEFAULT_LIMITS, **(limits or {})})},
    }
    with open(os.path.join(spec_dir, "kernel.json"), "w") as fh:
        json.dump(spec, fh, indent=1)
    return spec_dir


def _package_dir(name: str) -> str:
    import importlib.util

    spec = importlib.util.find_spec(name)
    return os.path.dirname(spec.origin)


def bwrap_command(connection_file: str, cwd: str, course_root: str) -> list[str]:
    connection_file = os.path.abspath(connection_file)
    with open(connection_file) as fh:
        info = json.load(fh)
    if info.get("transport") != "ipc" or not os.path.isabs(info.get("ip", "")):
        raise SystemExit("the sandboxed kernel shares no network with nbgrader: start it with "
                         "--KernelManager.transport=ipc and an absolute --KernelManager.ip (tools.grade does)")
    runtime = os.path.dirname(info["ip"])
    cmd = ["bwrap", "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net", "--unshare-ipc",
           "--unshare-uts", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    # Hide the course (solutions, other submissions, the gradebook) and the checkout the course's
    # code is installed from (the judges in autograders/), wherever each of them lives...
    hidden = sorted({os.path.abspath(course_root), os.path.dirname(_package_dir("autograders"))})
    for path in hidden:
        cmd += ["--tmpfs", path]
    # ...then show back, read-only, the code the kernel needs (wherever it lives: the course, or a
    # checkout under /tmp, which the private /tmp above also hides), and its own folders writable.
    for path in sorted({_package_dir("helpers"), _package_dir("probes"), sys.prefix, sys.base_prefix}):
        cmd += ["--ro-bind", path, path]
    cmd += ["--bind", cwd, cwd, "--bind", runtime, runtime, "--ro-bind", connection_file, connection_file,
            # the empty stand-ins for the course and the checkout: nothing can be written there
            *[arg for path in hidden for arg in ("--remount-ro", path)],
            "--chdir", cwd, "--setenv", "HOME", "/tmp",
            "--setenv", "MPLCONFIGDIR", "/tmp", "--setenv", "JUPYTER_RUNTIME_DIR", runtime,
            # the kernel cannot see its parent across the PID namespace; bwrap ties their lives instead
            "--unsetenv", "JPY_PARENT_PID",
            # c10d warns on stderr that it cannot name peers in an offline network namespace, and
            # nbgrader fails any test cell that writes to stderr
            "--setenv", "TORCH_CPP_LOG_LEVEL", "ERROR"]
    return cmd + ["--", sys.executable, "-m", "ipykernel_launcher", "-f", connection_file]


def _limit_processes(max_processes: int) -> None:
    """Cap the number of processes: a pids cgroup as root (root ignores RLIMIT_NPROC), else RLIMIT_NPROC."""
    if os.geteuid() != 0:
        current = len([p for p in os.listdir("/proc") if p.isdigit()])
        resource.setrlimit(resource.RLIMIT_NPROC, (current + max_processes, current + max_processes))
        return
    for base in ("/sys/fs/cgroup/pids", "/sys/fs/cgroup"):
        if os.path.exists(os.path.join(base, "cgroup.procs")) and (
            base.endswith("pids") or "pids" in open(os.path.join(base, "cgroup.controllers")).read()
        ):
            group = os.path.join(base, f"distcourse-sandbox-{os.getpid()}")
            try:
                os.makedirs(group, exist_ok=True)
                with open(os.path.join(group, "pids.max"), "w") as fh:
                    fh.write(str(max_processes))
                with open(os.path.join(group, "cgroup.procs"), "w") as fh:
                    fh.write(str(os.getpid()))
                return
            except OSError:
                continue
    print("sandbox: no writable pids cgroup; the number of processes is not capped", file=sys.stderr)


def remove_empty_cgroups() -> None:
    """Remove the pids cgroups of sandboxes that have ended (called by the grader after each submission)."""
    import glob

    for group in glob.glob("/sys/fs/cgroup/pids/distcourse-sandbox-*") + glob.glob("/sys/fs/cgroup/distcourse-sandbox-*"):
        try:
            with open(os.path.join(group, "cgroup.procs")) as fh:
                if not fh.read().strip():
                    os.rmdir(group)
        except OSError:
            pass


def main(argv: list[str]) -> None:
    if "-f" not in argv:
        raise SystemExit("usage: python -m autograders.sandbox -f CONNECTION_FILE")
    connection_file = argv[argv.index("-f") + 1]
    course_root = os.environ["DISTCOURSE_COURSE_ROOT"]
    limits = json.loads(os.environ.get("DISTCOURSE_SANDBOX_LIMITS", "{}")) or DEFAULT_LIMITS
    why = available()
    if why:
        raise SystemExit(f"cannot start the grading sandbox: {why}")
    resource.setrlimit(resource.RLIMIT_DATA, (limits["memory_bytes"], limits["memory_bytes"]))
    resource.setrlimit(resource.RLIMIT_CPU, (limits["cpu_seconds"], limits["cpu_seconds"]))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits["file_bytes"], limits["file_bytes"]))
    _limit_processes(limits["processes"])
    cmd = bwrap_command(connection_file, os.getcwd(), course_root)
    os.execvp(cmd[0], cmd)


if __name__ == "__main__":
    main(sys.argv[1:])
