"""The course's layout, for the grader and the tools: where things are, which assignments exist, running
nbgrader, and that every process imports this checkout's packages."""

from __future__ import annotations

import glob
import os
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# nbgrader's Gradebook runs the `alembic` command from PATH, in this process too: put this
# interpreter's bin/ (the virtual environment's) first, even when the venv was not activated.
_BIN = os.path.dirname(sys.executable)
if _BIN not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _BIN + os.pathsep + os.environ.get("PATH", "")


#: The packages every process of grading and testing imports (kernels and ranks included).
CHECKOUT_PACKAGES = ("helpers", "probes", "autograders", "grader")

_WHERE = ("import importlib.util as u, json; "
          "print(json.dumps({n: getattr(u.find_spec(n), 'origin', None) for n in %r}))" % (CHECKOUT_PACKAGES,))


def foreign_packages(root: str = ROOT, python: str = sys.executable) -> dict[str, str | None]:
    """The course packages that a fresh process of `python` (a kernel, a rank) would import from outside
    `root`: {package: where it comes from (None: nowhere)}. Empty when every one is this checkout's.

    A virtual environment's editable install maps the packages to the clone it was installed from; a
    second clone using that venv would otherwise grade and test with the first one's probes and helpers
    in every kernel and rank, while the grader itself (started in this folder) uses this one's.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    out = subprocess.run([python, "-c", _WHERE], cwd=os.path.abspath(os.sep), env=env, capture_output=True,
                         text=True, timeout=120)
    if out.returncode != 0:
        return {name: f"(the check could not run: {out.stderr.strip()[-300:]})" for name in CHECKOUT_PACKAGES}
    import json

    where = json.loads(out.stdout.strip().splitlines()[-1])
    own = os.path.realpath(root) + os.sep
    return {name: origin for name, origin in where.items()
            if origin is None or not os.path.realpath(origin).startswith(own)}


def use_this_checkout(root: str = ROOT, python: str = sys.executable) -> None:
    """Make every process started from here on (kernels, observers, ranks, nbval's kernels) import the
    course's packages from this checkout: it goes first on PYTHONPATH, ahead of a venv's editable install
    (which may point at another clone). Then verify, and refuse with what was found if it still fails."""
    parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    own = os.path.realpath(root)
    os.environ["PYTHONPATH"] = os.pathsep.join([root, *[p for p in parts if os.path.realpath(p) != own]])
    require_this_checkout(root, python)


def require_this_checkout(root: str = ROOT, python: str = sys.executable) -> None:
    """Refuse (SystemExit with what to do) when kernels and ranks would import another copy of the course."""
    foreign = foreign_packages(root, python)
    if foreign:
        found = "; ".join(f"{name} from {origin or 'nowhere'}" for name, origin in sorted(foreign.items()))
        raise SystemExit(
            f"this checkout is {root}, but a new process of {python} imports {found}. Kernels and ranks would "
            f"run that copy's code, not this one's. Install this checkout into its own virtual environment "
            f"(`rm -rf .venv && make venv`, or `{python} -m pip install -e .` here if the venv is this "
            f"checkout's own), and unset PYTHONPATH if it names another copy.")


def assignments(root: str = ROOT) -> list[str]:
    """Assignment names (folders of source/ that hold a notebook), in order."""
    return sorted(
        os.path.basename(os.path.dirname(p)) for p in glob.glob(os.path.join(root, "source", "*", "*.ipynb"))
    )


def notebook_name(assignment: str, root: str = ROOT) -> str:
    """The assignment's notebook file name (one notebook per assignment)."""
    found = sorted(glob.glob(os.path.join(root, "source", assignment, "*.ipynb")))
    if len(found) != 1:
        raise SystemExit(f"source/{assignment}/ must hold exactly one notebook, found {len(found)}")
    return os.path.basename(found[0])


def copy_course(dest: str, names: list[str] | None = None) -> str:
    """Make `dest` a course directory with the course's config and the source of `names` (default all).

    Tests and benchmarks grade in such a copy, so the repository never gets a gradebook of theirs.
    """
    import shutil

    os.makedirs(os.path.join(dest, "source"), exist_ok=True)
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), dest)
    for name in names or assignments():
        shutil.copytree(os.path.join(ROOT, "source", name), os.path.join(dest, "source", name))
    return dest


def create_gradebook(db_url: str) -> None:
    """Create nbgrader's gradebook at `db_url` if there is none, in this process.

    nbgrader stamps a new gradebook with its migrations' head revision, which it learns by running
    `alembic heads` as a command (a second Python that imports alembic and SQLAlchemy: 2-3 s of CPU for every
    new course directory). The revision is read here from nbgrader's own migration scripts instead; a
    gradebook that exists is left as it is."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from nbgrader import api

    config = Config()
    config.set_main_option("script_location", os.path.join(os.path.dirname(api.__file__), "alembic"))
    head = ScriptDirectory.from_config(config).get_current_head()
    asked = api.get_alembic_version
    api.get_alembic_version = lambda: head
    try:
        api.Gradebook(db_url).close()
    finally:
        api.get_alembic_version = asked


#: The longest path a Unix socket's address holds (sun_path: 108 bytes on Linux, 104 on macOS, less the NUL).
SOCKET_PATH_MAX = 103


def socket_folder(prefix: str, room: int = 24) -> str:
    """A fresh folder of this user's only (mkdtemp: mode 0700, a name nobody could make first) for Unix sockets,
    leaving `room` bytes for the names made in it. Under TMPDIR, unless TMPDIR's path is too long for a socket's
    address (a long home, a CI's nested folders): then under /tmp, which mkdtemp makes as safe."""
    tried = []
    for base in (None, "/tmp"):
        folder = tempfile.mkdtemp(prefix=prefix, dir=base)
        if len(os.fsencode(folder)) + 1 + room <= SOCKET_PATH_MAX:
            return folder
        os.rmdir(folder)
        tried.append(folder)
    raise OSError(f"no folder for sockets short enough ({SOCKET_PATH_MAX} bytes with {room} for their names): "
                  f"{tried}; set TMPDIR to a short path, such as /tmp")


#: The password methods a shared gradebook's server may not ask for: both send what a server that is not the TA's
#: (one another account started where the TA's was down) can use, the password itself or a hash that opens it.
NO_PASSWORD_IN_CLEAR = "!password,!md5"


def guarded_db_url(url: str | None) -> str | None:
    """A gradebook URL as every process of the course uses it: a PostgreSQL one refuses to send its password in
    clear text or as an MD5 hash (libpq's require_auth, libpq 16 on), unless it says require_auth itself. Round 56:
    with the TA's server down, another account listened on its port, asked for the password in clear and got it.
    SCRAM, PostgreSQL's default since 14, still works: the password never leaves the machine in a form that opens it."""
    if not url or url.split(":", 1)[0].split("+", 1)[0] not in ("postgresql", "postgres"):
        return url
    from urllib.parse import parse_qsl, urlsplit

    if any(key == "require_auth" for key, _ in parse_qsl(urlsplit(url).query)):
        return url
    try:
        import psycopg2.extensions

        if psycopg2.extensions.libpq_version() < 160000:
            return url  # an older libpq knows no require_auth and would refuse the URL
    except ImportError:
        return url
    return url + ("&" if "?" in url else "?") + "require_auth=" + NO_PASSWORD_IN_CLEAR


def venv_env(extra: dict | None = None) -> dict:
    """The environment with this interpreter's bin/ first on PATH (nbgrader runs `alembic` from PATH)."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.update(extra or {})
    return env


def nbgrader(*args: str, cwd: str, check: bool = True, quiet: bool = True,
             env: dict | None = None) -> subprocess.CompletedProcess:
    """Run an nbgrader command in a course directory with this interpreter's nbgrader (`env`: added to its
    environment; a secret goes there, never into `args`, which every local user reads in /proc/<pid>/cmdline)."""
    cmd = [sys.executable, "-m", "nbgrader", *args]
    if quiet:
        cmd += ["--log-level=WARN"]
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=venv_env(env))
    if check and proc.returncode != 0:
        raise RuntimeError(f"`nbgrader {' '.join(args)}` failed in {cwd}:\n{proc.stdout}\n{proc.stderr}")
    return proc


def kill_tree(proc: subprocess.Popen) -> None:
    """SIGKILL `proc`, its process group and every descendant, then reap it.

    Jupyter starts kernels (and the sandbox its processes) in sessions of their own, so the process
    group alone can miss them.
    """
    try:
        import psutil

        descendants = psutil.Process(proc.pid).children(recursive=True)
    except Exception:  # noqa: BLE001 - no psutil, or the process is gone: the group is what we have
        descendants = []
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for child in descendants:
        try:
            child.kill()
        except Exception:  # noqa: BLE001 - already gone
            pass
    proc.wait()
