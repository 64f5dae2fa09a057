"""Round 51: the TA's own kernels (nbval's, nbclient's, JupyterLab's) listened on localhost TCP, and a student with an
account on the machine subscribed to their IOPub ports and read every cell the TA ran (the solutions, the hidden
tests, the quiz key). They talk over unix sockets in a folder of the TA's alone now (grader/private_kernels.py)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import socket
import stat
import subprocess
import sys
import time

import nbformat
import psutil
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _listening_tcp_ports(pid: int) -> set[int]:
    """The TCP ports process `pid` listens on."""
    return {c.laddr.port for c in psutil.Process(pid).net_connections(kind="tcp") if c.status == psutil.CONN_LISTEN}


def _private_ipc(info: dict, kernel_pid: int) -> None:
    """A kernel's connection: IPC sockets in a folder only its owner may enter, none of its channels on TCP."""
    assert info["transport"] == "ipc", info
    where = os.path.dirname(info["ip"])
    mode = os.stat(where)
    assert os.path.isabs(info["ip"]) and stat.S_IMODE(mode.st_mode) == 0o700 and mode.st_uid == os.geteuid(), info
    channels = {info[f"{name}_port"] for name in ("shell", "iopub", "stdin", "control", "hb")}
    for port in channels:
        assert stat.S_ISSOCK(os.stat(f"{info['ip']}-{port}").st_mode)
    # ipykernel's own pipe for output of processes the kernel forks stays on TCP (it drops what lacks its key)
    assert len(_listening_tcp_ports(kernel_pid)) <= 1, _listening_tcp_ports(kernel_pid)


def test_a_kernel_this_suite_or_nbval_starts_listens_on_no_tcp_port():
    """nbclient (nbval's and the tools' way of running a notebook) in a process of the suite (conftest installs it)."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    client = NotebookClient(nb, kernel_name="python3")
    with client.setup_kernel():
        with open(client.km.connection_file) as fh:
            info = json.load(fh)
        _private_ipc(info, client.km.provisioner.process.pid)
        client.execute_cell(nb.cells[0], 0)
    assert nb.cells[0].outputs[0]["text"] == "42\n"


def test_the_venvs_kernels_start_no_debugger_and_keep_no_history_on_disk():
    """Round 52: JupyterLab's debugger ran debugpy on localhost TCP with no authentication, listening on after it was
    turned off, and a student attached and ran code as the TA; IPython's history of the TA's cells was 0644. The venv's
    kernel configuration (`make venv`) turns both off: a debug request starts nothing that listens."""
    if not os.path.isfile(os.path.join(sys.prefix, "etc", "ipython", "ipython_kernel_config.py")):
        pytest.skip("this Python is not the course's venv (make venv writes its kernel configuration)")
    from nbclient import NotebookClient

    code = ("import ipykernel.debugger as d\n"
            "print(d._is_debugpy_available, get_ipython().history_manager.enabled)")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    client = NotebookClient(nb, kernel_name="python3")
    with client.setup_kernel():
        pid = client.km.provisioner.process.pid
        before = _listening_tcp_ports(pid)
        client.execute_cell(nb.cells[0], 0)
        for command in ("initialize", "attach"):  # what JupyterLab's bug icon sends
            client.kc.control_channel.send(client.kc.session.msg("debug_request", {
                "type": "request", "seq": 1, "command": command,
                "arguments": {"clientID": "test", "adapterID": "python"} if command == "initialize" else {}}))
        time.sleep(3)
        after = _listening_tcp_ports(pid)
    assert nb.cells[0].outputs[0]["text"] == "False False\n", nb.cells[0].outputs
    assert after <= before, (before, after)  # no debugpy adapter listening


def test_the_kernels_nbgrader_starts_listen_on_no_tcp_port(tmp_path):
    """Round 53: the kernels nbgrader itself starts outside the sandbox (Validate of the TA's own notebook, `make bench`'s
    unsandboxed autograde) were on localhost TCP. The venv's nbgrader configuration, read wherever nbgrader runs, puts
    them on IPC sockets in a folder of the TA's; the notebook's check asks the kernel itself."""
    if not os.path.isfile(os.path.join(sys.prefix, "etc", "jupyter", "nbgrader_config.py")):
        pytest.skip("this Python is not the course's venv (make venv writes its nbgrader configuration)")
    code = ("from ipykernel.kernelapp import IPKernelApp\nimport os\napp = IPKernelApp.instance()\n"
            "assert app.transport == 'ipc', app.transport\n"
            "assert os.stat(os.path.dirname(app.ip)).st_mode & 0o777 == 0o700, app.ip")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    nb.cells[0].metadata["nbgrader"] = {"grade": True, "grade_id": "transport", "points": 1, "solution": False,
                                        "locked": True, "schema_version": 3}
    nbformat.write(nb, tmp_path / "mine.ipynb")
    proc = subprocess.run([sys.executable, "-m", "nbgrader", "validate", "mine.ipynb"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert "Success! Your notebook passes all the tests." in proc.stdout, proc.stdout + proc.stderr


def test_the_kernels_nbconvert_starts_listen_on_no_tcp_port(tmp_path):
    """Round 53: `jupyter nbconvert --execute` of a solution (any Jupyter application) was on localhost TCP too. The
    venv's Jupyter configuration, read by every Jupyter application, puts its kernels on IPC sockets of the TA's."""
    if not os.path.isfile(os.path.join(sys.prefix, "etc", "jupyter", "jupyter_config.py")):
        pytest.skip("this Python is not the course's venv (make venv writes its Jupyter configuration)")
    code = ("from ipykernel.kernelapp import IPKernelApp\nimport os\napp = IPKernelApp.instance()\n"
            "assert app.transport == 'ipc', app.transport\n"
            "assert os.stat(os.path.dirname(app.ip)).st_mode & 0o777 == 0o700, app.ip")
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)]), tmp_path / "mine.ipynb")
    proc = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                           "--output", "ran", "mine.ipynb"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and (tmp_path / "ran.ipynb").is_file(), proc.stdout + proc.stderr


class _UnixHTTP(http.client.HTTPConnection):
    """HTTP to a server on a Unix socket."""

    def __init__(self, path: str, timeout: float):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def _ask(sock: str, token: str, method: str, path: str, body: bytes | None = None, timeout: float = 60) -> dict:
    conn = _UnixHTTP(sock, timeout)
    try:
        conn.request(method, path, body=body, headers={"Authorization": f"token {token}"})
        response = conn.getresponse()
        data = response.read()
        assert response.status < 300, (response.status, data[:500])
        return json.loads(data or b"{}")
    finally:
        conn.close()


def test_the_kernels_of_make_labs_server_listen_on_no_tcp_port(tmp_path):
    """A Jupyter server started with the venv (what `make lab` runs) reads the venv's configuration (`make venv`).
    The test's own server listens on a Unix socket of the TA's, with a token drawn for the run (round 56: it had a
    TCP port on its command line and a token written in this file, and another account opened a terminal on it
    as the TA during the suite and rewrote the gradebook)."""
    config = os.path.join(sys.prefix, "etc", "jupyter", "jupyter_config.py")
    if not os.path.isfile(config):
        pytest.skip("this Python is not the course's venv (make venv writes its Jupyter configuration)")
    from grader.course import socket_folder

    folder = socket_folder("lab-server-")
    sock, token = os.path.join(folder, "server"), secrets.token_hex(32)
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "HOME": str(tmp_path), "JUPYTER_TOKEN": token,
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    server = subprocess.Popen([sys.executable, "-m", "jupyter_server", "--no-browser", f"--ServerApp.sock={sock}",
                               f"--ServerApp.root_dir={tmp_path}",
                               *(["--allow-root"] if os.geteuid() == 0 else [])],
                              cwd=str(tmp_path), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                _ask(sock, token, "GET", "/api/status", timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.5)
        ours = psutil.Process(server.pid)
        listening = [c.laddr for c in ours.net_connections("inet") if c.status == psutil.CONN_LISTEN]
        assert listening == [] and sock in [c.laddr for c in ours.net_connections("unix")], (
            f"the test's server listens on {listening}, not on its Unix socket alone")
        kernel = _ask(sock, token, "POST", "/api/kernels", b'{"name": "python3"}')
        connection = tmp_path / "runtime" / f"kernel-{kernel['id']}.json"
        deadline = time.monotonic() + 60
        while not connection.is_file():
            assert time.monotonic() < deadline, "no connection file"
            time.sleep(0.2)
        info = json.loads(connection.read_text())
        deadline = time.monotonic() + 60
        while not all(os.path.exists(f"{info['ip']}-{info[f'{n}_port']}") for n in ("shell", "iopub", "hb")):
            assert time.monotonic() < deadline, "the kernel made no sockets"
            time.sleep(0.2)
        kernels = []
        while not kernels:  # the server's child, once it runs ipykernel
            with contextlib.suppress(psutil.Error):
                kernels = [p.pid for p in psutil.Process(server.pid).children(recursive=True)
                           if "ipykernel" in " ".join(p.cmdline())]
            assert kernels or time.monotonic() < deadline, "no kernel process"
            time.sleep(0.2)
        kernel_pid = kernels[0]
        _private_ipc(info, kernel_pid)
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)


_TEMP_REPORT = ("import os, tempfile, stat\n"
                "from torch._inductor.runtime.cache_dir_utils import default_cache_dir\n"
                "info = os.lstat(tempfile.gettempdir())\n"
                "print(tempfile.gettempdir(), info.st_uid, oct(stat.S_IMODE(info.st_mode)), default_cache_dir(),\n"
                "      os.environ['TMPDIR'])")


def _kernel_temp(env: dict) -> list[str]:
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(_TEMP_REPORT)])
    NotebookClient(nb, kernel_name="python3", resources={"metadata": {"path": env["HOME"]}}).execute(env=env)
    return nb.cells[0].outputs[0]["text"].split()


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to make a folder in another user's name")
def test_the_venvs_kernels_keep_temporary_files_in_a_folder_of_their_own(tmp_path):
    """Round 54: torch reads and writes fixed names in the shared temporary folder, and another account that made
    /tmp/torchinductor_<TA> first ran its code as the TA through the compiler configuration torch.compile eval()s
    there. A kernel of the venv keeps its temporary files in a folder of its user's alone: its own, 0700, and a fresh
    one when another account took the name first (the squat is made here under a temporary folder of the test's)."""
    if not os.path.isfile(os.path.join(sys.prefix, "etc", "ipython", "ipython_kernel_config.py")):
        pytest.skip("this Python is not the course's venv (make venv writes its kernel configuration)")
    shared = tmp_path / "shared-tmp"
    shared.mkdir(mode=0o1777)
    os.chmod(shared, 0o1777)
    env = {**os.environ, "TMPDIR": str(shared), "HOME": str(tmp_path)}
    folder, owner, mode, inductor, tmpdir = _kernel_temp(env)
    assert folder == str(shared / "distcourse-0") == tmpdir and (owner, mode) == ("0", "0o700")
    assert inductor.startswith(folder + os.sep)  # torch's compiler cache inside it
    squat = shared / "distcourse-0"
    shutil.rmtree(squat)
    squat.mkdir()
    os.chown(squat, 65534, 65534)
    os.chmod(squat, 0o777)
    folder, owner, mode, inductor, _ = _kernel_temp(env)
    assert folder != str(squat) and folder.startswith(str(shared / "distcourse-0-")), folder
    assert (owner, mode) == ("0", "0o700") and inductor.startswith(folder + os.sep)


@pytest.mark.parametrize("tmpdir", ["as it is", "too long for a socket"])
def test_the_venvs_kernels_hear_their_childrens_output_on_no_tcp_port(tmpdir, tmp_path):
    """Round 54: ipykernel hears the output of the processes a kernel forks on a TCP port of 127.0.0.1, and another
    account pushed 200 messages into a TA's kernel there (each printed whole on her terminal). The venv's kernels
    bind that channel as an IPC socket in a folder of their own: with the kernel's own channels on IPC (conftest),
    the kernel listens on no TCP port at all, and what a forked child prints still reaches the cell. Under a
    TMPDIR too long for a socket's address too (round 56: the bind failed there and the channel went to TCP)."""
    if not os.path.isfile(os.path.join(sys.prefix, "etc", "ipython", "ipython_kernel_config.py")):
        pytest.skip("this Python is not the course's venv (make venv writes its kernel configuration)")
    from nbclient import NotebookClient

    code = ("import os, sys, stat, time\npid = os.fork()\nif pid == 0:\n    print('from the child', flush=True)\n"
            "    os._exit(0)\nos.waitpid(pid, 0)\ntime.sleep(0.5)\naddress = sys.stdout.pub_thread._pipe_address\n"
            "folder = os.path.dirname(address[len('ipc://'):])\n"
            "print(address[:6], oct(stat.S_IMODE(os.stat(folder).st_mode)))")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    env = dict(os.environ)
    if tmpdir != "as it is":
        env["TMPDIR"] = str(tmp_path / ("t" * 100))
        os.mkdir(env["TMPDIR"], 0o700)
    client = NotebookClient(nb, kernel_name="python3")
    with client.setup_kernel(env=env):
        client.execute_cell(nb.cells[0], 0)
        listening = _listening_tcp_ports(client.km.provisioner.process.pid)
    text = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert text == "from the child\nipc:// 0o700\n", nb.cells[0].outputs
    assert listening == set(), listening
