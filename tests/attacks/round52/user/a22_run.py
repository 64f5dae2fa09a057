import os, subprocess, time
home = "/tmp/attack52-user-home"
for f in ("a22_ready", "a22_stop", "written_by_student"):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "env", f"HOME={home}", "AWS_SECRET_ACCESS_KEY=AKIASECRETCANARY123",
                       "CLONE/.venv/bin/python", "tests/attacks/round52/user/a22_real_browser_toggle_then_student.py"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
t = time.time()
while not os.path.exists(f"{home}/a22_ready") and time.time() - t < 150: time.sleep(0.5)
st = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python", "tests/attacks/round52/user/a01_student_dap.py", "65534"],
                    capture_output=True, text=True, timeout=120, cwd="/")
print("STUDENT:\n" + "\n".join(l for l in st.stdout.splitlines() if "EVALUATE" in l or "listeners" in l or "threads" in l))
open(f"{home}/a22_stop", "w").close()
print("TA:\n" + ta.communicate(timeout=60)[0])
p = f"{home}/written_by_student"
print("file written as the TA by the student:", os.path.exists(p) and (open(p).read(), os.stat(p).st_uid))
subprocess.run("rm -rf /tmp/attack52-user-home/a22* " + " ".join(f"/tmp/ipykernel_{d.split('_')[1]}" for d in os.listdir('/tmp') if d.startswith('ipykernel_') and os.stat('/tmp/' + d).st_uid == 65534), shell=True)
