"""a16b: the student's fake debuggee is registered (ppid = the TA's kernel) after the TA's first debugging session;
when the TA turns the debugger on again, does the adapter send the TA's session to her, or her anything of it?"""
import os, subprocess, time
home = "/tmp/attack52-user-home"
for f in ("a16b_go", "a16b_done", "a16b_kpid"):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python", "tests/attacks/round52/user/a16b_ta.py"],
                      cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=dict(os.environ, HOME=home), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
while not os.path.exists(f"{home}/a16b_kpid"): time.sleep(0.3)
kpid = open(f"{home}/a16b_kpid").read()
src = open("tests/attacks/round52/user/a16_student_fake_server.py").read().replace("while time.time() - t < 8:", "open('/tmp/attack52-user-a16b-go', 'w').close()\n        while time.time() - t < 15:")
open("/tmp/attack52-user-a16b-student.py", "w").write(src)
st = subprocess.Popen(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "/usr/bin/python3", "/tmp/attack52-user-a16b-student.py", kpid],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/")
t = time.time()
while not os.path.exists("/tmp/attack52-user-a16b-go") and time.time() - t < 30: time.sleep(0.2)
open(f"{home}/a16b_go", "w").write("1")
print("STUDENT:\n" + st.communicate(timeout=90)[0])
print("TA:\n" + ta.communicate(timeout=90)[0])
subprocess.run(f"rm -rf /tmp/ipykernel_{kpid} /tmp/attack52-user-a16b-go /tmp/attack52-user-a16b-student.py", shell=True)
