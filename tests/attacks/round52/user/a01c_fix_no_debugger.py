"""a01c: a01 with a candidate fix: an ipython_kernel_config.py (here in the TA's IPYTHONDIR profile; for the course,
the venv's etc/ipython/, written by `make venv`) that turns ipykernel's debugger off before the kernel is made, so
the kernel never runs debugpy.listen on 127.0.0.1."""
import os, subprocess
home = "/tmp/attack52-user-home"
prof = f"{home}/.ipython/profile_default"
os.makedirs(prof, exist_ok=True)
open(f"{prof}/ipython_kernel_config.py", "w").write(
    "import ipykernel.debugger as _d\n_d._is_debugpy_available = False  # no debugpy.listen on localhost TCP\n")
subprocess.run(["chown", "-R", "65534:65534", f"{home}/.ipython"])
env = dict(os.environ, IPYTHONDIR=f"{home}/.ipython")
r = subprocess.run(["CLONE/.venv/bin/python", "tests/attacks/round52/user/a01_debugpy_port_local_student.py", "off"], env=env, capture_output=True, text=True)
print(r.stdout + r.stderr[-2000:])
subprocess.run(["rm", "-rf", f"{home}/.ipython"])
