"""A PostgreSQL gradebook shared by two grading machines (shards), on a real server.

`.ci/run` installs Debian's postgresql; this test starts a private cluster in a temporary folder,
grades a class in two shards from two course directories (two "machines") at the same time through
`grader.grade --shard i/2 --db-url ...`, and checks the one gradebook has every grade exactly once.
"""

import glob
import os
import pwd
import secrets
import shutil
import subprocess
import sys

import pytest

from tests.tiny_course import ROOT, expected, make_course, scores
from grader.course import socket_folder, venv_env

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("grade_postgres")]

PG_BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
if not PG_BIN and shutil.which("initdb"):
    PG_BIN = [os.path.dirname(shutil.which("initdb"))]


@pytest.fixture(scope="module")
def postgres_url():
    if not PG_BIN:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: .ci/run should have installed Debian's postgresql")
        pytest.skip("PostgreSQL server binaries not found (apt-get install postgresql)")
    bin_dir = PG_BIN[-1]
    # The server listens on a Unix socket in this folder of the TA's (0700), on no TCP port: round 56 bound the
    # port it would take (on its command line) first from another account and stopped the suite; round 55, before
    # the password, ran shell commands as the TA through it.
    folder = socket_folder("pg-", room=len("/.s.PGSQL.5432.lock"))
    run_as = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own system user
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data, port = os.path.join(folder, "data"), 5432  # the port only names the socket's file
    # a password, not `trust`, all the same: its superuser runs shell commands (`COPY ... TO PROGRAM`)
    password = secrets.token_hex(16)
    pwfile = os.path.join(folder, "password")
    with open(os.open(pwfile, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as fh:
        fh.write(password + "\n")
    if run_as:
        os.chown(pwfile, user.pw_uid, user.pw_gid)
    subprocess.run(run_as + [f"{bin_dir}/initdb", "-D", data, "-A", "scram-sha-256", f"--pwfile={pwfile}", "-U",
                             "grader"], check=True, capture_output=True)
    os.unlink(pwfile)
    subprocess.run(run_as + [f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-o",
                             f"-p {port} -h '' -k {folder}", "start"], check=True, capture_output=True)
    try:
        import psutil

        with open(os.path.join(data, "postmaster.pid")) as fh:
            server = psutil.Process(int(fh.readline()))
        assert [c.laddr for c in server.net_connections("inet") if c.status == psutil.CONN_LISTEN] == [], (
            "the test's PostgreSQL listens on a network port")
        subprocess.run([f"{bin_dir}/createdb", "-h", folder, "-p", str(port), "-U", "grader", "gradebook"],
                       check=True, capture_output=True, env={**os.environ, "PGPASSWORD": password})
        yield f"postgresql+psycopg2://grader:{password}@/gradebook?host={folder}&port={port}"
    finally:
        subprocess.run(run_as + [f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_two_shards_on_two_machines_fill_one_postgres_gradebook(postgres_url, tmp_path):
    students = 8
    machines = [make_course(tmp_path / f"machine{i}", students, postgres_url if i == 1 else None) for i in (1, 2)]
    procs = [
        subprocess.Popen([sys.executable, "-m", "grader.grade", "ps0_tiny", "--course-dir", str(root),
                          "--shard", f"{i}/2", "--workers", "2"],  # the URL in the environment, as the README has it
                         cwd=ROOT, env=venv_env({"DISTCOURSE_DB_URL": postgres_url}), stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
        for i, root in enumerate(machines, start=1)
    ]
    outputs = [p.communicate(timeout=600)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), "\n".join(outputs)
    assert scores(postgres_url) == {f"student{i:02d}": expected(i) for i in range(students)}
    # each machine graded its own half, and only that
    for i, root in enumerate(machines):
        graded = sorted(os.listdir(root / "autograded"))
        assert graded == [f"student{k:02d}" for k in range(i, students, 2)], graded


def test_a_bad_shard_is_refused():
    from grader import grade

    for shard in ("3/2", "0/2", "half"):
        with pytest.raises(SystemExit):
            grade.shard_of([1, 2, 3], shard)
    assert grade.shard_of([1, 2, 3, 4, 5], "2/2") == [2, 4]


def test_the_gradebooks_url_reaches_no_command_line(tmp_path, monkeypatch):
    """Round 47: `nbgrader generate_assignment --CourseDirectory.db_url=<URL>` (the grader's first grading of an
    assignment) put the shared gradebook's URL, password and all, where every local user reads it
    (/proc/<pid>/cmdline), and so did `make grade DB_URL=...`. The URL goes through the environment now: every
    command the grader runs is recorded here, and none holds it; make refuses DB_URL."""
    from grader import course

    url = f"sqlite:///{tmp_path / 'SECRET-CANARY.db'}"  # stands for a password
    seen = []
    real = subprocess.run

    def recording(cmd, *args, **kwargs):
        seen.append(" ".join(map(str, cmd)))
        return real(cmd, *args, **kwargs)

    monkeypatch.setattr(course.subprocess, "run", recording)
    root = make_course(tmp_path, 0, url)
    assert seen and not any("SECRET-CANARY" in cmd for cmd in seen), seen
    assert "ps0_tiny" in {a.name for a in __import__("nbgrader.api", fromlist=["Gradebook"]).Gradebook(url).assignments}
    assert not (root / "gradebook.db").exists(), "the assignment went to the gradebook of the URL, not the course's"
    made = real(["make", "grade", f"DB_URL={url}"], cwd=ROOT, capture_output=True, text=True)
    assert made.returncode != 0 and "export DISTCOURSE_DB_URL instead" in made.stdout + made.stderr


def _impostor(path: str, method: int, heard: list) -> "threading.Thread":
    """A server on `path` that speaks PostgreSQL's protocol just far enough to ask each client for its password by
    `method` (3: in clear, 5: MD5 with a salt) and keeps whatever comes back."""
    import socket
    import struct
    import threading

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(8)
    listener.settimeout(1.0)

    def serve():
        with listener:
            while not heard or heard[-1] != "stop":
                try:
                    conn, _ = listener.accept()
                except OSError:
                    continue
                with conn:
                    conn.settimeout(5)
                    try:
                        size = struct.unpack("!I", conn.recv(4))[0]
                        conn.recv(size - 4)  # the startup message
                        ask = struct.pack("!cII", b"R", 12 if method == 5 else 8, method) + (b"salt" if method == 5 else b"")
                        conn.sendall(ask)
                        answer = conn.recv(4096)
                        if answer[:1] == b"p":
                            heard.append(answer[5:].rstrip(b"\0").decode(errors="replace"))
                    except OSError:
                        pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("method", [3, 5], ids=["cleartext", "md5"])
def test_a_server_that_is_not_the_tas_gets_no_password(tmp_path, method):
    """Round 56: with the TA's PostgreSQL down, another account listened where it would be, asked `make grade` for
    the password in clear and got it. Every process of the course asks libpq to refuse a cleartext or MD5 password
    (require_auth): the run fails, saying the server asked for what it may not have, and no password leaves it."""
    from grader.course import socket_folder
    from tests.tiny_course import make_course

    root = make_course(tmp_path, 1)
    folder = socket_folder("impostor-", room=len("/.s.PGSQL.5432"))
    heard: list = []
    try:
        thread = _impostor(os.path.join(folder, ".s.PGSQL.5432"), method, heard)
        url = f"postgresql+psycopg2://ta:CANARY-hunter2@/gradebook?host={folder}&port=5432"
        run = subprocess.run([sys.executable, "-m", "grader.grade", "ps0_tiny", "--course-dir", str(root),
                              "--workers", "1"], cwd=ROOT, env=venv_env({"DISTCOURSE_DB_URL": url}),
                             capture_output=True, text=True, timeout=300)
        heard.append("stop")
        thread.join(5)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert run.returncode != 0
    assert not [h for h in heard if h != "stop"], f"the impostor heard {heard}"
    assert "CANARY" not in run.stdout + run.stderr
    assert "authentication method requirement" in run.stdout + run.stderr, (run.stdout + run.stderr)[-2000:]
