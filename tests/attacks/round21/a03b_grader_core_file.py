"""a03b: a03 on a host where the TA's shell allows core files (`ulimit -c unlimited`, a common developer setting;
core_pattern "core" here). The grader sets RLIMIT_CORE to 0 for the sandbox and the judges' room, not for its own
grading children: the grading child that libzmq aborts (a03) dumps its memory (root's, ~2 GiB, with the grader's
environment: the DATABASE_URL canary) as a file on the host, once per such hand-in. The script looks for core files
written during the run (in the clone and the course folder), prints their size and whether they hold the canary,
and deletes them."""
import os, resource, subprocess, sys, time
resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
os.environ.setdefault("CHUNK", "40000000")
os.environ.setdefault("DUR", "30")
os.environ.setdefault("PREFIX", "/tmp/attack21-a03b-")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import a01b_own_listener_unfinished_message as a01b  # noqa: E402


def main():
    t0 = time.time()
    print("core_pattern:", open("/proc/sys/kernel/core_pattern").read().strip(), "; RLIMIT_CORE of the TA's shell: unlimited")
    a01b.main()
    found = subprocess.run(["find", a01b.ROOT, "/tmp", "-xdev", "-maxdepth", "3", "-name", "core*", "-type", "f",
                            "-newermt", time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t0))],
                           capture_output=True, text=True).stdout.split()
    for f in found:
        size = os.path.getsize(f)
        with open(f, "rb") as fh:
            canary = False
            while True:
                block = fh.read(64 << 20)
                if not block:
                    break
                if b"postgresql://ta:secret@localhost" in block:
                    canary = True
        print(f"core file written: {f.replace(a01b.ROOT, '<clone>')} {size / 2**20:.0f} MiB, owner uid {os.stat(f).st_uid}, "
              f"mode {oct(os.stat(f).st_mode & 0o777)}, holds the DATABASE_URL canary: {canary}")
        os.unlink(f)
    if not found:
        print("no core file written")


if __name__ == "__main__":
    main()
