"""Prepare .gpu-bundle/: what `make gpu-check` needs on a GPU machine that reaches no package index.

    make gpu-bundle                                   # here, on a machine with the package index
    python -m tools.gpu_bundle --python-version 3.11  # a bundle for another Python (to try it on CPU)

The GPU machines at hand run Python 3.12 with a CUDA build of torch and the common scientific
packages, but no nbgrader, no Jupyter and no bubblewrap. The bundle holds exactly what is missing:

  wheels/   nbgrader, nbclient, nbconvert, nbformat and ipykernel (the versions pyproject.toml pins)
            with every dependency the GPU machine lacks, for CPython 3.12 on manylinux x86_64. The
            JupyterLab and Notebook UI packages stay out: nbgrader's command line never imports them.
  debs/     bubblewrap and the libraries it links (Debian bookworm), which `tools.gpu_check` unpacks
            there into a folder of its own and runs with LD_LIBRARY_PATH set for bwrap alone.
  MANIFEST.json  the Python version, every file, and their sizes.

Everything in one gitignored folder of at most 55 MiB, so that it travels with the working tree.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLE = os.path.join(ROOT, ".gpu-bundle")
MAX_BYTES = 55 * 2**20

# What `make gpu-check` runs: nbgrader's commands, nbclient (the lecture notebooks) and the kernel.
TOP_LEVEL = ["nbgrader", "nbclient", "nbformat", "nbconvert", "ipykernel"]

# Already on the GPU machine's Python (its image's package list): left out of the bundle, so the
# machine's own versions are used. Only packages in our dependency closure matter here.
ON_GPU_MACHINE = {
    "anyio", "attrs", "certifi", "charset-normalizer", "h11", "httpcore", "httpx", "idna", "jinja2", "markupsafe",
    "packaging", "prometheus-client", "psutil", "pygments", "python-dateutil", "pyyaml", "requests", "setuptools",
    "six", "typing-extensions", "urllib3",
}

# nbgrader declares the JupyterLab and Notebook UI (and ipykernel the debugger), but the command line
# (generate_assignment, autograde, generate_feedback, export), nbclient and the kernel never import
# them: checked by running those commands with the bundle alone on Python 3.12 (see README, "On a GPU").
LEFT_OUT = {
    "jupyterlab", "jupyterlab-server", "jupyterlab-widgets", "jupyter-lsp", "jupyter-builder", "notebook",
    "notebook-shim", "babel", "json5", "async-lru", "terminado", "jupyter-server-terminals", "ipywidgets",
    "widgetsnbextension", "debugpy", "jedi", "parso",
}

DEBS = ["bubblewrap", "libcap2", "libselinux1", "libpcre2-8-0"]

PLATFORMS = ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64", "any"]


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned_versions(pyproject: str = os.path.join(ROOT, "pyproject.toml")) -> dict[str, str]:
    """name -> version for every `name==version` in pyproject.toml's dependencies."""
    with open(pyproject, encoding="utf-8") as fh:
        text = fh.read()
    return {normalize(n): v for n, v in re.findall(r'"([A-Za-z0-9_.\-]+)==([^"]+)"', text)}


def requirements(pins: dict[str, str]) -> list[str]:
    missing = [name for name in TOP_LEVEL if name not in pins]
    if missing:
        raise SystemExit(f"pyproject.toml pins no version of {missing}: the bundle must match the course's pins")
    return [f"{name}=={pins[name]}" for name in TOP_LEVEL]


def _target_args(python_version: str) -> list[str]:
    args = ["--only-binary=:all:", "--python-version", python_version, "--implementation", "cp"]
    for platform in PLATFORMS:
        args += ["--platform", platform]
    return args


def resolve(python_version: str, pins: dict[str, str]) -> list[tuple[str, str]]:
    """(name, version) of every package the top-level pins need on that Python, as pip resolves them."""
    with tempfile.TemporaryDirectory(prefix="gpu-bundle-") as tmp:
        report = os.path.join(tmp, "report.json")
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed", "--report", report,
               "--target", os.path.join(tmp, "target"), *_target_args(python_version), *requirements(pins)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"pip could not resolve the bundle for Python {python_version} (is the package index "
                             f"reachable?):\n{proc.stderr[-3000:]}")
        with open(report) as fh:
            installs = json.load(fh)["install"]
    return sorted((normalize(i["metadata"]["name"]), i["metadata"]["version"]) for i in installs)


def select(closure: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The part of the closure that must travel: not on the GPU machine, not UI-only."""
    return [(n, v) for n, v in closure if n not in ON_GPU_MACHINE and n not in LEFT_OUT]


def download_wheels(packages: list[tuple[str, str]], python_version: str, dest: str) -> None:
    os.makedirs(dest, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *_target_args(python_version), "-d", dest,
           *[f"{n}=={v}" for n, v in packages]]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"pip download failed:\n{proc.stderr[-3000:]}")


def download_debs(dest: str) -> None:
    """Debian's bubblewrap and its libraries, saved as <package>.deb."""
    if shutil.which("apt-get") is None:
        raise SystemExit("apt-get is not here: build the bundle on a Debian or Ubuntu machine (bookworm's "
                         f"packages are known to work on the GPU machine): {' '.join(DEBS)}")
    os.makedirs(dest, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gpu-bundle-debs-") as tmp:
        proc = subprocess.run(["apt-get", "download", *DEBS], cwd=tmp, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"`apt-get download {' '.join(DEBS)}` failed (try `apt-get update` first):\n{proc.stderr}")
        for name in DEBS:
            found = [f for f in os.listdir(tmp) if f.startswith(name + "_") and f.endswith(".deb")]
            if len(found) != 1:
                raise SystemExit(f"apt-get download gave {found} for {name}")
            shutil.move(os.path.join(tmp, found[0]), os.path.join(dest, name + ".deb"))
            print(f"  {name}: {found[0].replace('%3a', ':')}")


def folder_bytes(folder: str) -> int:
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(folder) for f in files)


def build(dest: str = BUNDLE, python_version: str = "3.12") -> dict:
    pins = pinned_versions()
    print(f"resolving {', '.join(requirements(pins))} for CPython {python_version} (manylinux x86_64)")
    closure = resolve(python_version, pins)
    wanted = select(closure)
    if os.path.exists(dest):
        shutil.rmtree(dest)
    download_wheels(wanted, python_version, os.path.join(dest, "wheels"))
    print("bubblewrap and its libraries (Debian):")
    download_debs(os.path.join(dest, "debs"))
    manifest = {
        "python": python_version,
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "wheels": sorted(os.listdir(os.path.join(dest, "wheels"))),
        "debs": sorted(os.listdir(os.path.join(dest, "debs"))),
        "left_out_already_there": sorted(n for n, _ in closure if n in ON_GPU_MACHINE),
        "left_out_ui": sorted(n for n, _ in closure if n in LEFT_OUT),
    }
    with open(os.path.join(dest, "MANIFEST.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    size = folder_bytes(dest)
    print(f"{dest}: {len(manifest['wheels'])} wheels, {len(manifest['debs'])} Debian packages, "
          f"{size / 2**20:.1f} MiB (at most {MAX_BYTES / 2**20:.0f} MiB)")
    if size > MAX_BYTES:
        raise SystemExit(f"the bundle is {size / 2**20:.1f} MiB, over {MAX_BYTES / 2**20:.0f} MiB: the working tree "
                         "that travels to the GPU machine must stay under 64 MiB; leave out more (LEFT_OUT)")
    return manifest


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", default=BUNDLE, help="the bundle folder (default: .gpu-bundle in the repository)")
    parser.add_argument("--python-version", default="3.12", help="the GPU machine's Python (default 3.12)")
    args = parser.parse_args(argv)
    build(os.path.abspath(args.dest), args.python_version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
