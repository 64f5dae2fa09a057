"""Run the course on a GPU machine: every lecture notebook, and sandboxed grading with the GPU visible.

    make gpu-check                          # on the GPU machine, from the repository root
    python3 -m tools.gpu_check --dry-run    # what it would do, and whether it can
    make gpu-check PYTHON=.venv/bin/python ALLOW_CPU=1 NO_BUNDLE=1   # the same steps on a CPU machine

On the GPU machine, python3 is the machine's own Python (3.12, a CUDA build of torch) and nothing is
installed from an index: nbgrader, the Jupyter stack and bubblewrap come from .gpu-bundle/, which
`make gpu-bundle` prepared on a machine with the package index (see tools/gpu_bundle.py). This tool

  1. checks that torch sees a GPU (else it stops, unless --allow-cpu) and that the bundle is there;
  2. installs the bundle's wheels with pip --target into a folder outside /tmp and outside the
     repository (the sandbox gives kernels a private /tmp), unpacks bubblewrap next to them with a
     wrapper that sets LD_LIBRARY_PATH for bwrap alone, writes an `alembic` command (nbgrader runs it
     from PATH) and a "python3" kernelspec for this Python, and puts the bundle and the repository
     on PYTHONPATH (the course is not pip-installed there);
  3. runs every lecture notebook top to bottom with nbclient (not sandboxed), each in a process of
     its own with a time limit, with DISTCOURSE_LAUNCH_LOG set so that helpers.launch records the
     backend and devices of each launch;
  4. grades our solution of every assignment and a handful of corpus submissions that exercise DDP
     and the model split through the real grading path (grader.grade: sandboxed nbgrader autograde,
     feedback, export) in a temporary course, and checks each gets the expected points: solutions
     full marks, a corpus file loses exactly its LOSES cells and says why;
  5. samples the GPU's compute processes (NVML, else nvidia-smi) during every step, and prints a
     table (step, backend, device, seconds, GPU processes, result), also written as markdown to
     gpu-check.md (--out, or $DISTCOURSE_GPU_CHECK_OUT). It exits non-zero if anything failed.

Every step has a time limit and a failure never stops the others, so one run tells everything; the
steps together get --budget seconds (default 450), run --jobs at a time (one per 4 cores).
Exit status: 0 when every row is ok, 1 when one failed, 2 when the check cannot start (no GPU, no
bundle, no torch).
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import hashlib
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from dataclasses import dataclass, field

from grader.course import kill_tree

# Only the standard library at the top: on the GPU machine this module runs before the bundle is installed.

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLE = os.path.join(ROOT, ".gpu-bundle")
WORKDIR = "/var/tmp/distcourse-gpu"
OUT_ENV = "DISTCOURSE_GPU_CHECK_OUT"
INFO_ENV = "DISTCOURSE_GPU_CHECK_INFO"
LAUNCH_LOG_ENV = "DISTCOURSE_LAUNCH_LOG"
# The launch log of a sandboxed kernel: relative, so each kernel writes it into its own working
# folder (autograded/<student>/<assignment>/), the one place in its sandbox it may write.
GRADING_LAUNCH_LOG = "gpu-check-launches.jsonl"

# Corpus submissions graded besides the solutions: DDP and the model split, each part represented.
CORPUS_PICKS = [
    "ps1_memory/split_off_by_one",            # model split: the stages lose a layer
    "ps2_ddp/ex4_no_ddp_wrapper",             # DDP training without the DDP wrapper
    "ps3_batch/accumulate_without_no_sync",   # DDP gradient accumulation without no_sync()
    "ps4_large_model/ex2_detached_activations",  # pipeline send/recv with detached activations
    "ps4_large_model/ex4_ddp_divides_the_model",  # DDP memory believed divided
    "ps5_scale/ex1_all_reduce_after_backward",  # overlapped DDP that waits for the whole backward
    "ps5_scale/ex4_no_broadcast",                # ZeRO-1 that never shares the updated shards
]

NO_GPU = (
    "no GPU: torch {torch} sees no CUDA device{why}. `make gpu-check` checks the course on a machine with an "
    "NVIDIA GPU. To run the same steps on CPU (to try the tool itself): make gpu-check ALLOW_CPU=1 "
    "(python -m tools.gpu_check --allow-cpu)."
)
NO_BUNDLE = (
    "no bundle at {path}: the GPU machine reaches no package index, so nbgrader, the Jupyter stack and "
    "bubblewrap travel in that folder. Run `make gpu-bundle` on a machine with the package index (it "
    "downloads them for Python 3.12), bring .gpu-bundle/ along with the working tree, and run again. "
    "(Where nbgrader is installed already, --no-bundle uses this Python's own packages.)"
)


# ----------------------------------------------------------------------------------------------
# The table


@dataclass
class Row:
    step: str
    backend: str = "-"
    device: str = "-"
    seconds: float | None = None
    gpu: str = "-"
    ok: bool = False
    result: str = ""
    details: str = ""  # the longer story of a failure, printed under the table

    def cells(self) -> list[str]:
        seconds = "-" if self.seconds is None else f"{self.seconds:.1f}"
        return [self.step, self.backend, self.device, seconds, self.gpu, ("ok: " if self.ok else "FAILED: ") + self.result]


HEADER = ["notebook or submission", "backend", "device", "seconds", "GPU processes (peak)", "result"]


def _escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "| " + " | ".join("---" for _ in HEADER) + " |"]
    lines += ["| " + " | ".join(_escape(c) for c in row.cells()) + " |" for row in rows]
    return "\n".join(lines)


def text_table(rows: list[Row], width: int = 70) -> str:
    table = [HEADER] + [[c if len(c) <= width else c[: width - 3] + "..." for c in row.cells()] for row in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in table]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def write_report(path: str, title: str, machine: list[str], rows: list[Row], extra: list[str] = ()) -> None:
    parts = [f"# {title}", "", *[f"- {line}" for line in machine], "", markdown_table(rows)]
    failures = [r for r in rows if not r.ok and r.details]
    if failures:
        parts += ["", "## Failures", ""]
        for r in failures:
            parts += [f"### {r.step}", "", "```", r.details.strip()[-4000:], "```", ""]
    for block in extra:
        parts += ["", block]
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(parts).rstrip() + "\n")


# ----------------------------------------------------------------------------------------------
# Launch logs and GPU sampling


def read_launch_log(path: str) -> list[dict]:
    """The JSON lines helpers.launch appended to `path` (none if the file is missing); bad lines are skipped."""
    if not os.path.exists(path):
        return []
    entries = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict):
                entries.append(entry)
    return entries


def summarize_launches(entries: list[dict]) -> tuple[str, str]:
    """(backend, device) cells of the table: each distinct value with its number of launches, or "-".

    The backend cell also tallies the start methods (fork, spawn) and the ranks' networks (private, shared), and
    says how many launches failed.
    """
    if not entries:
        return "-", "-"

    def tally(values: list[str]) -> str:
        counts: dict[str, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        return ", ".join(f"{v} x{n}" if len(counts) > 1 or n > 1 else v for v, n in counts.items())

    backends = [str(e.get("backend")) for e in entries]
    devices = []
    for e in entries:
        devs = e.get("devices") or []
        devs = [devs] if isinstance(devs, str) else devs
        devices.append("+".join(sorted(set(map(str, devs)))) or "-")
    failed = sum(1 for e in entries if e.get("ok") is False)
    methods = [str(e["start_method"]) for e in entries if e.get("start_method")]
    notes = [tally(methods)] if methods else []
    networks = [str(e["network"]) for e in entries if e.get("network")]
    if networks:  # "private": the ranks had a network namespace of their own (helpers/private_network.py)
        notes.append(f"{tally(networks)} network")
    startups = [float(e["startup_s"]) for e in entries if isinstance(e.get("startup_s"), (int, float))]
    if startups:  # from asking for the ranks until the last had started: what a start method costs
        low, high = min(startups), max(startups)
        notes.append(f"ranks up in {low:.2f}-{high:.2f} s" if len(startups) > 1 else f"ranks up in {low:.2f} s")
    backend = tally(backends) + (f" [{'; '.join(notes)}]" if notes else "")
    backend += f" ({failed} of {len(entries)} launches failed)" if failed else ""
    return backend, tally(devices)


class GpuMonitor:
    """Counts the processes using the GPU, sampled in a background thread while a step runs, and
    how many of them are in a sandbox (another PID namespace: bwrap --unshare-pid).

    NVML (nvidia-ml-py) when it is importable, else `nvidia-smi --query-compute-apps`; on a machine
    with neither, or no GPU, every sample is None and the table says "-".
    """

    def __init__(self, interval: float = 0.5, scoped: bool = False):
        self.interval = interval
        # scoped: count only the processes of one step (descendants of `root`, set by `watch`), so
        # that steps run side by side each see their own
        self.scoped, self.root = scoped, None
        self._nvml = None
        self._smi = None
        try:
            import pynvml

            pynvml.nvmlInit()
            self._nvml = pynvml
        except Exception:  # noqa: BLE001 - no NVML: try nvidia-smi
            self._smi = shutil.which("nvidia-smi")
        self.peak_procs: int | None = None
        self.peak_sandboxed: int = 0
        self.peak_mib: float | None = None
        self.pids: set[int] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def available(self) -> bool:
        return self._nvml is not None or self._smi is not None

    def sample(self) -> list[tuple[int, float]] | None:
        """(pid, used MiB) of each compute process on any GPU, or None when that cannot be read."""
        try:
            if self._nvml is not None:
                nv = self._nvml
                found = []
                for i in range(nv.nvmlDeviceGetCount()):
                    handle = nv.nvmlDeviceGetHandleByIndex(i)
                    for p in nv.nvmlDeviceGetComputeRunningProcesses(handle):
                        found.append((int(p.pid), (p.usedGpuMemory or 0) / 2**20))
                return found
            if self._smi is not None:
                out = subprocess.run([self._smi, "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"],
                                     capture_output=True, text=True, timeout=10).stdout
                return parse_compute_apps(out)
        except Exception:  # noqa: BLE001 - a failed sample is a missing sample
            return None
        return None

    def _loop(self) -> None:
        while not self._stop.is_set():
            procs = self.sample()
            if procs is not None:
                procs = [(pid, mib) for pid, mib in procs if pid != os.getpid()]
                if self.scoped:
                    procs = [(pid, mib) for pid, mib in procs if self.root is not None and descends_from(pid, self.root)]
                self.pids.update(pid for pid, _ in procs)
                self.peak_procs = max(self.peak_procs or 0, len(procs))
                self.peak_sandboxed = max(self.peak_sandboxed, sum(1 for pid, _ in procs if in_other_pid_namespace(pid)))
                self.peak_mib = max(self.peak_mib or 0.0, sum(m for _, m in procs))
            self._stop.wait(self.interval)

    def __enter__(self) -> "GpuMonitor":
        self.peak_procs, self.peak_sandboxed, self.peak_mib, self.pids = None, 0, None, set()
        self._stop.clear()
        if self.available:
            self._thread = threading.Thread(target=self._loop, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=15)

    def watch(self, root: int) -> None:
        """Count from now on the GPU processes of `root`'s process tree (a scoped monitor counts none before)."""
        self.root = root

    def cell(self) -> str:
        if self.peak_procs is None:
            return "-"
        if not self.peak_procs:
            return "0"
        return f"{self.peak_procs} ({self.peak_mib / 1024:.1f} GiB), {self.peak_sandboxed} sandboxed"


def descends_from(pid: int, root: int) -> bool:
    """True if `root` is `pid` or one of its ancestors (parents read from /proc, as this PID namespace sees them)."""
    for _ in range(256):
        if pid == root:
            return True
        if pid <= 1:
            return False
        try:
            with open(f"/proc/{pid}/stat") as fh:
                pid = int(fh.read().rsplit(")", 1)[1].split()[1])  # the field after the state: the parent
        except (OSError, ValueError, IndexError):
            return False
    return False


def in_other_pid_namespace(pid: int) -> bool:
    """True for a process in another PID namespace than this one: the grading sandbox's kernels and ranks.

    (The judges run in nbgrader's own process, which may hold a CUDA context too: only the processes
    in a sandbox's namespace show that student code ran on the GPU.)
    """
    try:
        return os.readlink(f"/proc/{pid}/ns/pid") != os.readlink("/proc/self/ns/pid")
    except OSError:
        return False


def parse_compute_apps(text: str) -> list[tuple[int, float]]:
    """Parse `nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader[,nounits]`."""
    found = []
    for line in text.splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 2 or not parts[0].isdigit():
            continue
        mem = parts[1].split()[0] if parts[1] else "0"
        try:
            found.append((int(parts[0]), float(mem)))
        except ValueError:
            found.append((int(parts[0]), 0.0))
    return found


# ----------------------------------------------------------------------------------------------
# Preparing the machine (standard library only)

_PROBE = r"""
import json, sys
info = {"python": sys.version.split()[0], "executable": sys.executable}
try:
    import torch
    info["torch"] = torch.__version__
    info["cuda"] = torch.version.cuda
    info["gpus"] = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())] if torch.cuda.is_available() else []
except Exception as exc:
    info["error"] = f"{type(exc).__name__}: {exc}"
print(json.dumps(info))
"""


def probe_torch(python: str = sys.executable, timeout: float = 180) -> dict:
    """torch's version and the GPUs it sees, asked in a child process (this one never holds a CUDA context)."""
    try:
        proc = subprocess.run([python, "-c", _PROBE], capture_output=True, text=True, timeout=timeout)
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (subprocess.TimeoutExpired, ValueError, IndexError) as exc:
        return {"python": sys.version.split()[0], "executable": python, "error": f"probing torch failed: {exc}"}


def check_gpu(info: dict, allow_cpu: bool) -> str | None:
    """Why the check cannot run on this machine, or None."""
    if "torch" not in info:
        return f"torch cannot be imported by {info.get('executable')}: {info.get('error')}"
    if info.get("gpus") or allow_cpu:
        return None
    why = ""
    if os.environ.get("CUDA_VISIBLE_DEVICES") is not None:
        why = f" (CUDA_VISIBLE_DEVICES={os.environ['CUDA_VISIBLE_DEVICES']!r})"
    elif not info.get("cuda"):
        why = " (this torch is a CPU-only build)"
    return NO_GPU.format(torch=info["torch"], why=why)


def read_manifest(bundle: str) -> dict:
    path = os.path.join(bundle, "MANIFEST.json")
    if not os.path.exists(path) or not glob.glob(os.path.join(bundle, "wheels", "*.whl")):
        raise SystemExit(NO_BUNDLE.format(path=bundle))
    with open(path) as fh:
        manifest = json.load(fh)
    want = f"{sys.version_info.major}.{sys.version_info.minor}"
    if manifest.get("python") != want:
        raise SystemExit(f"the bundle in {bundle} was built for Python {manifest.get('python')}, but this is "
                         f"Python {want} ({sys.executable}): run `python -m tools.gpu_bundle --python-version {want}` "
                         "on a machine with the package index")
    return manifest


def install_wheels(bundle: str, manifest: dict, workdir: str) -> str:
    """pip install --target the bundle's wheels (once per bundle: a rerun reuses the folder)."""
    digest = hashlib.sha256(json.dumps(manifest["wheels"]).encode()).hexdigest()[:12]
    site = os.path.join(workdir, f"site-{digest}")
    stamp = os.path.join(site, ".installed")
    if os.path.exists(stamp):
        return site
    if os.path.exists(site):
        shutil.rmtree(site)
    wheels = sorted(glob.glob(os.path.join(bundle, "wheels", "*.whl")))
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-compile",
           "--disable-pip-version-check", "--target", site, *wheels]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"installing the bundle's wheels failed:\n{proc.stdout}\n{proc.stderr}")
    with open(stamp, "w") as fh:
        fh.write("\n".join(manifest["wheels"]) + "\n")
    return site


def extract_deb(deb: str, dest: str) -> None:
    """`dpkg -x` in the standard library: a .deb is an ar archive holding data.tar.{xz,gz,zst}."""
    with open(deb, "rb") as fh:
        if fh.read(8) != b"!<arch>\n":
            raise SystemExit(f"{deb} is not a Debian package")
        while True:
            header = fh.read(60)
            if len(header) < 60:
                break
            name = header[:16].decode().strip().rstrip("/")
            size = int(header[48:58].decode().strip())
            data = fh.read(size)
            if size % 2:
                fh.read(1)
            if name.startswith("data.tar"):
                if name.endswith(".zst"):
                    if shutil.which("dpkg"):
                        subprocess.run(["dpkg", "-x", deb, dest], check=True)
                        return
                    raise SystemExit(f"{deb}: zstd-compressed and no dpkg here to unpack it")
                with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                    tar.extractall(dest, filter="tar") if hasattr(tarfile, "data_filter") else tar.extractall(dest)
                return
    raise SystemExit(f"{deb} holds no data.tar")


def _libdirs(root: str) -> list[str]:
    dirs = []
    for sub in ("lib/x86_64-linux-gnu", "usr/lib/x86_64-linux-gnu", "lib", "usr/lib"):
        path = os.path.join(root, sub)
        if os.path.isdir(path):
            dirs.append(path)
    return dirs


def bwrap_from_bundle(bundle: str, workdir: str) -> str:
    """Unpack the bundle's bubblewrap and write bin/bwrap: it sets LD_LIBRARY_PATH for bwrap alone."""
    debs = sorted(glob.glob(os.path.join(bundle, "debs", "*.deb")))
    if not debs:
        raise SystemExit(NO_BUNDLE.format(path=bundle))
    root = os.path.join(workdir, "bwrap-root")
    if os.path.exists(root):
        shutil.rmtree(root)
    for deb in debs:
        extract_deb(deb, root)
    real = os.path.join(root, "usr", "bin", "bwrap")
    if not os.path.exists(real):
        raise SystemExit(f"no usr/bin/bwrap in the bundle's Debian packages ({', '.join(map(os.path.basename, debs))})")
    libs = ":".join(_libdirs(root))
    wrapper = os.path.join(workdir, "bin", "bwrap")
    # The kernel bwrap starts gets the caller's LD_LIBRARY_PATH back (or none), not bwrap's libraries.
    _write_script(wrapper, f"""#!/bin/sh
# bubblewrap with the libraries unpacked beside it. The arguments are expanded before the assignment
# in front of exec applies, so --setenv gets the caller's own LD_LIBRARY_PATH.
if [ -n "${{LD_LIBRARY_PATH+x}}" ]; then
    LD_LIBRARY_PATH="{libs}:$LD_LIBRARY_PATH" exec "{real}" --setenv LD_LIBRARY_PATH "$LD_LIBRARY_PATH" "$@"
fi
LD_LIBRARY_PATH="{libs}" exec "{real}" --unsetenv LD_LIBRARY_PATH "$@"
""")
    return wrapper


def _write_script(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)
    os.chmod(path, 0o755)


def smoke_test_bwrap(bwrap: str, env: dict) -> str | None:
    """None when bwrap can make the namespaces the sandbox uses here, else what went wrong."""
    cmd = [bwrap, "--die-with-parent", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--ro-bind", "/", "/",
           "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--", "true"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=30, env=env)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{bwrap}: {exc}"
    return None if proc.returncode == 0 else f"{bwrap} exited {proc.returncode}: {proc.stderr.strip()[:300]}"


def prepare(args) -> tuple[dict, dict]:
    """Make this machine ready (see the module docstring); return the environment for the run and a summary."""
    workdir = os.path.abspath(args.workdir)
    os.makedirs(workdir, mode=0o700, exist_ok=True)
    # Its bin/ goes first on PATH and its site folder on Python's path: a folder of the default name another user
    # made first (under /var/tmp, which every user may write) ran her `alembic` as whoever ran this (round 52)
    from grader.formgrader_guard import shared_folder

    info = os.lstat(workdir)
    why = shared_folder(workdir, ((os.geteuid(),), ()))
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or why:
        raise SystemExit(f"gpu-check: not working in {workdir}: it is not a folder of yours that only you may write "
                         f"({why or 'made by another user'}); remove it, or pass --workdir a folder of your own")
    env = dict(os.environ)
    summary: dict = {}
    bin_dir = os.path.join(workdir, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    paths, jupyter_path = [], [os.path.join(workdir, "jupyter")]
    if not args.no_bundle:
        manifest = read_manifest(args.bundle)
        started = time.monotonic()
        site = install_wheels(args.bundle, manifest, workdir)
        shown = os.path.relpath(args.bundle, ROOT) if os.path.abspath(args.bundle).startswith(ROOT + os.sep) else args.bundle
        summary["bundle"] = f"{len(manifest['wheels'])} wheels from {shown} in {site} ({time.monotonic() - started:.0f} s)"
        paths.append(site)
        # nbconvert's templates (generate_feedback's HTML) are data files: pip --target puts them here
        jupyter_path.append(os.path.join(site, "share", "jupyter"))
    paths.append(ROOT)
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    # nbgrader's Gradebook runs `alembic` from PATH; pip --target leaves no usable console script.
    _write_script(os.path.join(bin_dir, "alembic"), f'#!/bin/sh\nexec "{sys.executable}" -m alembic "$@"\n')
    # bubblewrap: the machine's own when it has one, else the bundle's.
    system_bwrap = None if args.bundle_bwrap else shutil.which("bwrap")
    stale = os.path.join(bin_dir, "bwrap")
    if os.path.exists(stale):
        os.remove(stale)  # an earlier run's wrapper must not shadow the choice below
    if system_bwrap:
        bwrap = system_bwrap
    elif args.no_bundle:
        bwrap = None
    else:
        bwrap = bwrap_from_bundle(args.bundle, workdir)
    env["PATH"] = os.pathsep.join([bin_dir, os.path.dirname(sys.executable), env.get("PATH", "")])
    if bwrap:
        env["DISTCOURSE_BWRAP"] = bwrap
        problem = smoke_test_bwrap(bwrap, env)
        summary["bwrap"] = bwrap + (" (works)" if problem is None else f" (DOES NOT WORK: {problem})")
    else:
        summary["bwrap"] = "none: grading will refuse to run unsandboxed"
    # nbclient's "python3" kernel: this Python, with the environment above (JUPYTER_PATH is searched first).
    spec_dir = os.path.join(workdir, "jupyter", "kernels", "python3")
    os.makedirs(spec_dir, exist_ok=True)
    with open(os.path.join(spec_dir, "kernel.json"), "w") as fh:
        json.dump({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                   "display_name": "Python 3 (gpu-check)", "language": "python"}, fh, indent=1)
    env["JUPYTER_PATH"] = os.pathsep.join(jupyter_path + [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p])
    # No MPLBACKEND: kernels draw with ipykernel's inline backend, as students see them (a headless
    # process that plots outside a kernel gets Agg from matplotlib by itself), and a backend forced on
    # every kernel would change what the notebooks show.
    env.pop("MPLBACKEND", None)
    env.update(PYTHONUNBUFFERED="1", JUPYTER_PLATFORM_DIRS="1", PYDEVD_DISABLE_FILE_VALIDATION="1")
    return env, summary


# ----------------------------------------------------------------------------------------------
# Running the steps (with the bundle on the path)


@dataclass
class Plan:
    notebooks: list[str]
    assignments: list[str]
    corpus: dict[str, list[str]] = field(default_factory=dict)  # assignment -> corpus file names


def make_plan(args) -> Plan:
    from grader.course import assignments

    notebooks = sorted(glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")))
    if args.notebooks is not None:
        notebooks = [p for p in notebooks if any(os.path.basename(p).startswith(n) for n in args.notebooks)]
    names = assignments()
    if args.assignments is not None:
        unknown = set(args.assignments) - set(names)
        if unknown:
            raise SystemExit(f"unknown assignment(s) {sorted(unknown)}; the course has {names}")
        names = [a for a in names if a in args.assignments]
    corpus: dict[str, list[str]] = {}
    for pick in (CORPUS_PICKS if args.corpus is None else args.corpus):
        assignment, _, name = pick.partition("/")
        if assignment in names:
            corpus.setdefault(assignment, []).append(name)
    return Plan(notebooks, names, corpus)


def run_notebook_stage(path: str, result_file: str, cell_timeout: float) -> int:
    """Child process: execute one notebook with nbclient, save it, write {"ok", "error"} to result_file."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    from grader import private_kernels

    private_kernels.install()  # its sockets in a folder of its own, not on localhost TCP
    nb = nbformat.read(path, as_version=4)
    result = {"ok": True, "error": "", "details": "", "bench": []}
    client = NotebookClient(nb, timeout=cell_timeout, kernel_name="python3",
                            resources={"metadata": {"path": os.path.dirname(path)}})
    try:
        client.execute()
    except CellExecutionError as exc:
        result.update(ok=False, error=f"{exc.ename}: {exc.evalue}"[:300], details=str(exc)[-4000:])
    except CellTimeoutError as exc:
        result.update(ok=False, error=f"a cell ran longer than {cell_timeout:g} s", details=str(exc)[-4000:])
    except DeadKernelError as exc:
        result.update(ok=False, error=f"the kernel died: {exc}"[:300], details=str(exc)[-4000:])
    except Exception as exc:  # noqa: BLE001 - whatever it is, it goes into the table
        result.update(ok=False, error=f"{type(exc).__name__}: {exc}"[:300], details=str(exc)[-4000:])
    for cell in nb.cells:
        if "bench" in cell.metadata.get("tags", []):
            text = "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")
            if text.strip():
                result["bench"].append(text.rstrip())
    executed = os.path.join(os.path.dirname(result_file), os.path.basename(path))
    nbformat.write(nb, executed)
    with open(result_file, "w") as fh:
        json.dump(result, fh)
    return 0 if result["ok"] else 1


def run_watched(cmd: list[str], env: dict | None, timeout: float, monitor: GpuMonitor) -> tuple[str, bool]:
    """Run one step's process (its own session) while `monitor` counts the GPU processes of its tree;
    (its output, whether it was stopped at `timeout`, its whole tree killed)."""
    with monitor:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                start_new_session=True)
        monitor.watch(proc.pid)
        try:
            return proc.communicate(timeout=timeout)[0], False
        except subprocess.TimeoutExpired:
            kill_tree(proc)
            return f"stopped after {timeout:g} s", True


def check_notebook(path: str, rundir: str, timeout: float, monitor: GpuMonitor, cell_timeout: float,
                   bench: list[str]) -> Row:
    name = os.path.relpath(path, ROOT)
    stem = os.path.splitext(os.path.basename(path))[0]
    log = os.path.join(rundir, f"launches-{stem}.jsonl")
    result_file = os.path.join(rundir, "notebooks", f"{stem}.json")
    os.makedirs(os.path.dirname(result_file), exist_ok=True)
    env = dict(os.environ, **{LAUNCH_LOG_ENV: log})
    cmd = [sys.executable, "-m", "tools.gpu_check", "--stage", "notebook", path, "--result", result_file,
           "--cell-timeout", str(cell_timeout)]
    start = time.monotonic()
    out, timed_out = run_watched(cmd, env, timeout, monitor)
    seconds = time.monotonic() - start
    backend, device = summarize_launches(read_launch_log(log))
    row = Row(name, backend, device, seconds, monitor.cell())
    if timed_out:
        row.result = f"stopped after {timeout:g} s (--notebook-timeout)"
        return row
    try:
        with open(result_file) as fh:
            result = json.load(fh)
    except (OSError, ValueError):
        row.result, row.details = "the notebook runner died before it reported", out[-4000:]
        return row
    bench += [f"{name} measured:\n{text}" for text in result.get("bench", [])]
    row.ok = result["ok"]
    row.result = "ran top to bottom" if row.ok else result["error"]
    row.details = "" if row.ok else result.get("details", "") or out[-4000:]
    return row


def _cell_outputs(nb) -> dict[str, str]:
    texts = {}
    for cell in nb.cells:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if not grade_id:
            continue
        parts = []
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append(out.get("text", ""))
            elif out.get("output_type") == "error":
                parts += [f"{out.get('ename')}: {out.get('evalue')}", *out.get("traceback", [])]
            elif "data" in out:
                parts.append(str(out["data"].get("text/plain", "")))
        texts[grade_id] = "\n".join(parts)
    return texts


def expected_points(cells: dict[str, tuple[float, float]], outputs: dict[str, str], expected: list[str],
                    loses: dict[str, str]) -> tuple[bool, str, str]:
    """Judge one graded submission: (ok, result, details).

    `cells`: grade id -> (score, max score) as the gradebook has them; `expected`: the autograded test
    cells of the assignment; `loses`: cell -> phrase its feedback must contain (empty for a solution).
    Every cell in `loses` must lose points and say the phrase; every other cell must get full marks.
    """
    import re

    ansi = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
    problems, bad = [], []
    missing = sorted(set(expected) - set(cells))
    if missing:
        problems.append(f"not graded: {', '.join(missing)}")
    for grade_id in expected:
        if grade_id not in cells:
            continue
        score, max_score = cells[grade_id]
        output = ansi.sub("", outputs.get(grade_id, ""))
        if grade_id in loses:
            if score >= max_score:
                problems.append(f"{grade_id} kept its {max_score:g} points")
            elif loses[grade_id].lower() not in output.lower():
                problems.append(f"{grade_id} does not say {loses[grade_id]!r}")
            else:
                continue
        elif score < max_score:
            problems.append(f"{grade_id} lost points ({score:g}/{max_score:g})")
        else:
            continue
        bad.append(grade_id)
    total = sum(s for s, _ in cells.values())
    full = sum(m for _, m in cells.values())
    if problems:
        details = "\n\n".join(f"{g}: {cells[g][0]:g}/{cells[g][1]:g}\n{ansi.sub('', outputs.get(g, '')).strip()[-1500:]}"
                               for g in bad)
        return False, f"{total:g}/{full:g}; " + "; ".join(problems), details
    if loses:
        return True, f"{total:g}/{full:g}, lost exactly {', '.join(sorted(loses))}", ""
    return True, f"{total:g}/{full:g}, full marks", ""


def _graded_cells(course: str, assignment: str, student: str) -> tuple[dict, dict]:
    """(grade id -> (score, max), grade id -> output text) of one autograded submission; empty if none."""
    import nbformat
    from nbgrader.api import Gradebook, MissingEntry

    from grader.course import notebook_name

    nb_file = notebook_name(assignment)
    cells: dict = {}
    with Gradebook(f"sqlite:///{os.path.join(course, 'gradebook.db')}?timeout=120") as gb:
        try:
            sub = gb.find_submission_notebook(nb_file[: -len(".ipynb")], assignment, student)
        except MissingEntry:
            return {}, {}
        for g in sub.grades:
            if g.auto_score is not None:
                cells[g.name] = (float(g.score or 0.0), float(g.max_score))
    path = os.path.join(course, "autograded", student, assignment, nb_file)
    outputs = _cell_outputs(nbformat.read(path, as_version=4)) if os.path.exists(path) else {}
    return cells, outputs


def grade_step(assignment: str, picks: list[str], rundir: str, timeout: float, monitor: GpuMonitor) -> list[Row]:
    """Grade one assignment in a process of its own (`--stage grade`: its own course copy, grading server
    and gradebook), so that assignments are graded side by side and each step's GPU processes are its own."""
    result_file = os.path.join(rundir, "grading", f"{assignment}.json")
    os.makedirs(os.path.dirname(result_file), exist_ok=True)
    cmd = [sys.executable, "-m", "tools.gpu_check", "--stage", "grade", assignment, "--result", result_file,
           "--submission-timeout", str(timeout), "--corpus", *(f"{assignment}/{n}" for n in picks)]
    limit = timeout + 180  # every submission's time, then feedback and export
    start = time.monotonic()
    out, _ = run_watched(cmd, None, limit, monitor)
    labels = [f"{assignment}: our solution"] + [f"{assignment}/{n}" for n in picks]
    try:
        with open(result_file) as fh:
            rows = [Row(**row) for row in json.load(fh)]
    except (OSError, ValueError, TypeError):
        rows = [Row(label, seconds=time.monotonic() - start, result="the grading process ended before it reported",
                    details=out[-4000:]) for label in labels]
    for row in rows:
        row.gpu = monitor.cell()
    return rows


_LAUNCH_TIMING = r"""
import json, os, statistics, sys, time
import torch
import helpers
launch_module = sys.modules["helpers.launch"]

def all_reduce_once():
    import torch.distributed as dist
    t = torch.ones(1, device=helpers.rank_device())
    dist.all_reduce(t)
    return t.item()

def timed(n, repeats, **kw):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        helpers.launch(all_reduce_once, n, timeout=120, **kw)
        times.append(time.perf_counter() - start)
    return times

out = {"rows": []}
started = time.perf_counter()
early = helpers.start_fork_server_early()        # what `import helpers` does in a kernel on a GPU machine
device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.ones(256, 256, device=device, requires_grad=True)
(x @ x).sum().backward()                         # a notebook trains before it launches
out["method"] = launch_module._choose_start_method(None, helpers.device_plan(2), 1)
server = "its fork server started at import, " if early else ""
out["rows"].append([f"first launch after a backward on {device} (2 ranks + one all_reduce, by {out['method']}; "
                    f"{server}{time.perf_counter() - started:.1f} s after the start)", f"{timed(2, 1)[0]:.2f} s"])
for n in (1, 2, 4):
    plan = helpers.device_plan(n)
    times = timed(n, 5)
    out["rows"].append([f"warm launch of {n} rank(s) on {'+'.join(sorted(set(plan.devices)))} ({plan.backend}) + one "
                        f"all_reduce, by {out['method']}: median of 5 / slowest",
                        f"{statistics.median(times) * 1e3:.0f} ms / {max(times) * 1e3:.0f} ms"])
spawned = timed(2, 1, start_method="spawn")[0]
out["rows"].append(["the same 2 ranks spawned (what launches cost there before the fork server)", f"{spawned:.2f} s"])
json.dump(out, open(sys.argv[1], "w"))
"""


def launch_timing_step(rundir: str, timeout: float, monitor: GpuMonitor, bench: list[str]) -> list[Row]:
    """Time launches as a GPU notebook meets them (after a backward on the GPU) in a process of its own;
    its launches are in the table's row, the timings go under the table."""
    result_file = os.path.join(rundir, "launch-timing.json")
    log = os.path.join(rundir, "launches-timing.jsonl")
    env = dict(os.environ, **{LAUNCH_LOG_ENV: log})
    start = time.monotonic()
    out, _ = run_watched([sys.executable, "-c", _LAUNCH_TIMING, result_file], env, timeout, monitor)
    backend, device = summarize_launches(read_launch_log(log))
    row = Row("launch timing (helpers.launch after a backward)", backend, device, time.monotonic() - start, monitor.cell())
    try:
        with open(result_file) as fh:
            result = json.load(fh)
    except (OSError, ValueError):
        row.result, row.details = "the timing process ended before it reported", out[-4000:]
        return [row]
    row.ok, row.result = True, f"launches started by {result['method']}"
    bench.append("launch timing:\n" + "\n".join(f"{label}: {value}" for label, value in result["rows"]))
    return [row]


def run_grade_stage(assignment: str, picks: list[str], result_file: str, timeout: float) -> int:
    """Child process of grade_step: grade `assignment` in a course of its own beside `result_file`."""
    import dataclasses

    from grader.course import copy_course

    course = copy_course(os.path.join(os.path.dirname(result_file), assignment), [assignment])
    rows = grade_assignment(course, assignment, picks, timeout, None)
    with open(result_file, "w") as fh:
        json.dump([dataclasses.asdict(row) for row in rows], fh)
    return 0


def grade_assignment(course: str, assignment: str, picks: list[str], timeout: float,
                     monitor: GpuMonitor | None) -> list[Row]:
    """Hand in our solution and the picked corpus files, grade them in the sandbox, judge every grade."""
    import nbformat

    from grader import grade
    from grader.course import notebook_name
    from tools.submissions import corpus, fill, source_and_release, test_cell_ids

    source_nb, release_nb = source_and_release(assignment)
    expected = list(test_cell_ids(source_nb))
    by_name = {s.name: s for s in corpus(assignment)}
    students: dict[str, tuple[object, dict]] = {"solution": (fill(release_nb, source_nb), {})}
    rows, missing = [], []
    for name in picks:
        if name not in by_name:
            missing.append(Row(f"{assignment}/{name}", result=f"no tests/submissions/{assignment}/{name}.py in the corpus"))
            continue
        sub = by_name[name]
        students[name] = (fill(release_nb, source_nb, sub.cells), sub.loses)
    for student, (nb, _) in students.items():
        folder = os.path.join(course, "submitted", student, assignment)
        os.makedirs(folder, exist_ok=True)
        nbformat.write(nb, os.path.join(folder, notebook_name(assignment)))
    os.environ[LAUNCH_LOG_ENV] = GRADING_LAUNCH_LOG
    start = time.monotonic()
    outcomes, failure = {}, ""
    grades_csv = os.path.join(course, "grades.csv")
    if os.path.exists(grades_csv):
        os.remove(grades_csv)
    try:
        with monitor or contextlib.nullcontext():
            found = grade.grade([assignment], course, workers=len(students), submission_timeout=timeout)
        outcomes = {o.student: o for o in found}
    except SystemExit as exc:  # the sandbox refused (no bwrap), nothing to grade...
        failure = str(exc)
    except Exception as exc:  # noqa: BLE001 - one assignment's trouble costs only its rows
        import traceback

        failure = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
    finally:
        os.environ.pop(LAUNCH_LOG_ENV, None)
    wall = time.monotonic() - start
    for student, (_, loses) in students.items():
        label = f"{assignment}: our solution" if student == "solution" else f"{assignment}/{student}"
        outcome = outcomes.get(student)
        log = os.path.join(course, "autograded", student, assignment, GRADING_LAUNCH_LOG)
        backend, device = summarize_launches(read_launch_log(log))
        row = Row(label, backend, device, outcome.seconds if outcome else wall, monitor.cell() if monitor else "-")
        if failure:
            row.result, row.details = f"grading failed: {failure.splitlines()[0][:200]}", failure
        elif outcome is None or outcome.status != "graded":
            row.result = f"{outcome.status}: {outcome.reason}" if outcome else "not graded"
        else:
            try:
                cells, outputs = _graded_cells(course, assignment, student)
                row.ok, row.result, row.details = expected_points(cells, outputs, expected, loses)
            except Exception as exc:  # noqa: BLE001
                row.result = f"reading the grades failed: {type(exc).__name__}: {exc}"
            feedback = os.path.join(course, "feedback", student, assignment, notebook_name(assignment)[: -len(".ipynb")] + ".html")
            if row.ok and not os.path.exists(feedback):
                row.ok, row.result = False, row.result + "; but no feedback HTML: nbgrader generate_feedback failed"
            if row.ok and not os.path.exists(grades_csv):
                row.ok, row.result = False, row.result + "; but no grades.csv: nbgrader export failed"
        rows.append(row)
    return rows + missing


def machine_lines(info: dict, summary: dict) -> list[str]:
    gpus = info.get("gpus") or []
    gpu = f"{len(gpus)} x {gpus[0]}" if gpus and len(set(gpus)) == 1 else (", ".join(gpus) or "no GPU (CPU run)")
    lines = [f"GPU: {gpu}", f"torch {info.get('torch')} (CUDA {info.get('cuda') or '-'}), Python {info.get('python')} "
             f"({info.get('executable')}), {os.cpu_count()} cores"]
    try:
        import nbgrader

        lines.append(f"nbgrader {nbgrader.__version__} from {os.path.dirname(os.path.dirname(nbgrader.__file__))}")
    except Exception as exc:  # noqa: BLE001
        lines.append(f"nbgrader cannot be imported: {exc}")
    lines += [f"{k}: {v}" for k, v in summary.items()]
    lines.append(time.strftime("run on %Y-%m-%d %H:%M UTC", time.gmtime()))
    return lines


def default_jobs(steps: int) -> int:
    """Steps side by side: one per 4 cores (a lecture's launches take up to 4 ranks), at least 1."""
    return max(1, min(steps, (os.cpu_count() or 1) // 4))


def run_stage(args) -> int:
    """Everything after `prepare`, in a process whose environment has the bundle on its paths."""
    deadline = time.monotonic() + args.budget
    payload = json.loads(os.environ.get(INFO_ENV, "{}"))
    info, summary = payload.get("info") or probe_torch(), payload.get("summary", {})
    plan = make_plan(args)
    rundir = tempfile.mkdtemp(prefix="run-", dir=os.path.abspath(args.workdir))
    machine = machine_lines(info, summary)
    out = os.path.abspath(args.out)
    title = "make gpu-check"
    print("\n".join(machine), flush=True)
    if not GpuMonitor().available:
        print("GPU processes: neither NVML nor nvidia-smi here, the table says '-'", flush=True)
    # Steps run side by side, `jobs` at a time, each in processes of its own: a lecture in its own
    # kernel, an assignment in its own grading process and course. Each step's GPU processes are
    # counted in its own process tree. The table keeps the plan's order.
    rows: list[Row] = []
    bench: list[str] = []
    steps: list[tuple[list[str], float, object]] = []
    if args.launch_timing:  # first, and alone: its timings are not shared with other steps
        steps.append((["launch timing (helpers.launch after a backward)"], 30, lambda left: launch_timing_step(
            rundir, min(180, left), GpuMonitor(scoped=True), bench)))
    for path in plan.notebooks:
        name = os.path.relpath(path, ROOT)
        steps.append(([name], 10, lambda left, path=path: [check_notebook(
            path, rundir, min(args.notebook_timeout, left), GpuMonitor(scoped=True), args.cell_timeout, bench)]))
    for assignment in plan.assignments:
        picks = plan.corpus.get(assignment, [])
        labels = [f"{assignment}: our solution"] + [f"{assignment}/{n}" for n in picks]
        steps.append((labels, 20, lambda left, a=assignment, p=picks: grade_step(
            a, p, rundir, min(args.submission_timeout, left), GpuMonitor(scoped=True))))
    jobs = args.jobs or default_jobs(len(steps))
    print(f"{len(steps)} steps, {jobs} at a time", flush=True)
    machine.append(f"steps run {jobs} at a time (--jobs); each row's seconds are its own step's")
    done: dict[int, list[Row]] = {}
    lock = threading.Lock()

    def record(index: int, new: list[Row]) -> None:
        with lock:
            done[index] = new
            for row in new:
                sys.stdout.write(f"[{'ok' if row.ok else 'FAILED'}] {row.step}: {row.result} ({row.cells()[3]} s)\n")
            sys.stdout.flush()
            rows[:] = [row for k in sorted(done) for row in done[k]]
            # written after every step: a run stopped from outside still leaves its table
            write_report(out, title, machine, rows, [f"```\n{b}\n```" for b in bench])

    def run(index: int) -> None:
        labels, least, step = steps[index]
        left = deadline - time.monotonic()
        if left < least:
            why = f"not run: the check's time budget ({args.budget:g} s, --budget) was spent"
            record(index, [Row(label, result=why) for label in labels])
            return
        sys.stdout.write(f"starting {labels[0]} ...\n")  # one write: steps print side by side
        sys.stdout.flush()
        try:
            record(index, step(left))
        except Exception as exc:  # noqa: BLE001 - one step's trouble costs only its rows
            record(index, [Row(label, result=f"{type(exc).__name__}: {exc}"[:300]) for label in labels])

    from concurrent.futures import ThreadPoolExecutor

    first = 1 if args.launch_timing else 0
    for index in range(first):
        run(index)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(run, range(first, len(steps))))
    print("\n" + text_table(rows))
    failed = [r for r in rows if not r.ok]
    print(f"\n{len(rows) - len(failed)} of {len(rows)} ok; table written to {out}; work folder {rundir}")
    for r in failed:
        print(f"\nFAILED {r.step}: {r.result}")
        if r.details:
            print("    " + r.details.strip()[-1500:].replace("\n", "\n    "))
    if not rows:
        print("nothing ran: no notebook or assignment matched")
        return 1
    return 1 if failed else 0


# ----------------------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--allow-cpu", action="store_true", help="run on a machine without a GPU (to try the tool itself)")
    p.add_argument("--no-bundle", action="store_true", help="use this Python's own nbgrader and Jupyter, not .gpu-bundle/")
    p.add_argument("--dry-run", action="store_true", help="say what would run and whether it can, run nothing")
    p.add_argument("--bundle", default=BUNDLE, help="the bundle folder (default: .gpu-bundle)")
    p.add_argument("--bundle-bwrap", action="store_true",
                   help="use the bundle's bubblewrap even where the machine has its own")
    p.add_argument("--workdir", default=WORKDIR, help=f"where the bundle is installed and the steps run (default {WORKDIR}; "
                   "not under /tmp, which the sandbox replaces)")
    p.add_argument("--out", default=os.environ.get(OUT_ENV) or os.path.join(ROOT, "gpu-check.md"),
                   help=f"the markdown table (default: ${OUT_ENV}, else gpu-check.md in the repository)")
    p.add_argument("--notebooks", nargs="*", default=None, metavar="PREFIX",
                   help="only lecture notebooks whose name starts with one of these (none: no notebooks)")
    p.add_argument("--assignments", nargs="*", default=None, metavar="NAME", help="only these assignments (none: no grading)")
    p.add_argument("--corpus", nargs="*", default=None, metavar="ASSIGNMENT/NAME",
                   help="corpus submissions graded besides the solutions (default: a handful on DDP and the model split)")
    p.add_argument("--budget", type=float, default=450, help="seconds for all the steps together (default 450)")
    p.add_argument("--notebook-timeout", type=float, default=180, help="seconds one notebook may take (default 180)")
    p.add_argument("--cell-timeout", type=float, default=150, help="seconds one notebook cell may take (default 150)")
    p.add_argument("--submission-timeout", type=float, default=240, help="seconds one submission's grading may take")
    p.add_argument("--no-launch-timing", dest="launch_timing", action="store_false",
                   help="leave out the step that times launches after a backward (first, warm, spawned)")
    p.add_argument("--jobs", type=int, default=0,
                   help="steps run side by side (default: one per 4 cores, so 1 on a laptop and 4 on 16 cores)")
    p.add_argument("--stage", choices=["prepare", "run", "notebook", "grade"], default="prepare", help=argparse.SUPPRESS)
    p.add_argument("--result", help=argparse.SUPPRESS)
    p.add_argument("notebook", nargs="?", help=argparse.SUPPRESS)
    return p


def _forwarded(argv: list[str]) -> list[str]:
    """The options the run stage gets: all but --dry-run and --stage."""
    return [a for a in argv if a != "--dry-run"]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser().parse_args(argv)
    if args.stage == "notebook":
        return run_notebook_stage(args.notebook, args.result, args.cell_timeout)
    if args.stage == "grade":
        picks = [c.partition("/")[2] for c in (args.corpus or []) if c.partition("/")[0] == args.notebook]
        return run_grade_stage(args.notebook, picks, args.result, args.submission_timeout)
    if args.stage == "run":
        return run_stage(args)
    info = probe_torch()
    problem = check_gpu(info, args.allow_cpu)
    if args.dry_run:
        return dry_run(args, info, problem)
    if problem:
        print(f"gpu-check: {problem}", file=sys.stderr)
        return 2
    print(f"torch {info['torch']} (CUDA {info.get('cuda') or '-'}), GPUs: {', '.join(info.get('gpus') or []) or 'none'}",
          flush=True)
    try:
        env, summary = prepare(args)
    except SystemExit as exc:
        print(f"gpu-check: {exc}", file=sys.stderr)
        return 2
    env[INFO_ENV] = json.dumps({"info": info, "summary": summary})
    for key, value in summary.items():
        print(f"{key}: {value}", flush=True)
    cmd = [sys.executable, "-m", "tools.gpu_check", "--stage", "run", *_forwarded(argv)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    limit = args.budget + 180  # the steps' budget, the last feedback and export, and the table
    try:
        return proc.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        kill_tree(proc)
        print(f"gpu-check: stopped after {limit:g} s; the table so far is in {args.out}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        kill_tree(proc)
        raise


def dry_run(args, info: dict, problem: str | None) -> int:
    print(f"python: {sys.executable} (Python {sys.version.split()[0]})")
    print(f"torch: {info.get('torch', 'MISSING: ' + str(info.get('error')))}, CUDA {info.get('cuda') or '-'}, "
          f"GPUs: {', '.join(info.get('gpus') or []) or 'none'}")
    problems = [problem] if problem else []
    if args.no_bundle:
        print("bundle: not used (--no-bundle): this Python's own nbgrader and Jupyter")
    else:
        try:
            manifest = read_manifest(args.bundle)
            print(f"bundle: {args.bundle}: {len(manifest['wheels'])} wheels for Python {manifest['python']}, "
                  f"{', '.join(manifest['debs'])}; installed into {os.path.abspath(args.workdir)}")
        except SystemExit as exc:
            problems.append(str(exc))
    print(f"bwrap: {shutil.which('bwrap') or ('from the bundle' if not args.no_bundle else 'none')}")
    if os.path.isdir(os.path.join(ROOT, "source")):
        sys.path.insert(0, ROOT)
        plan = make_plan(args)
        print("notebooks:", ", ".join(os.path.relpath(p, ROOT) for p in plan.notebooks) or "none")
        for a in plan.assignments:
            print(f"grade {a}: solution" + "".join(f", {n}" for n in plan.corpus.get(a, [])))
    print(f"table: {os.path.abspath(args.out)}; budget {args.budget:g} s")
    for p in problems:
        print(f"a real run would stop here: {p}", file=sys.stderr)
    return 2 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
