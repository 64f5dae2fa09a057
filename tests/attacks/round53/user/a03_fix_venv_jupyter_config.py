"""Candidate fix for a01/a01c/a01d/a01e, tried without touching the clone: a `jupyter_config.py` (which every
JupyterApp loads: jupyter_core's base_config) holding `c.KernelManager.transport = "ipc"` and private_kernels.install(),
put on JUPYTER_CONFIG_PATH (for the course: written by `make venv` into .venv/etc/jupyter/). Re-runs a01d (nbgrader
validate of the solution) and a01e (jupyter nbconvert --execute) with st53u listening."""
import os as _o, shutil as _s
_o.makedirs("/tmp/attack53-user-fixcfg", mode=0o700, exist_ok=True)
_s.copy(_o.path.join(_o.path.dirname(_o.path.abspath(__file__)), "a03_jupyter_config.py"), "/tmp/attack53-user-fixcfg/jupyter_config.py")
_o.chown("/tmp/attack53-user-fixcfg", 65534, 65534); _o.chown("/tmp/attack53-user-fixcfg/jupyter_config.py", 65534, 65534)

import os, subprocess, sys
here = os.path.dirname(os.path.abspath(__file__))
for script in ("a01d_validate_source_iopub.py", "a01e_nbconvert_execute_iopub.py"):
    src = open(os.path.join(here, script)).read().replace('"LANG": "C.UTF-8",', '"LANG": "C.UTF-8", "JUPYTER_CONFIG_PATH": "/tmp/attack53-user-fixcfg",')
    r = subprocess.run([sys.executable, "-c", src.replace("__file__", repr(os.path.join(here, script)))], env=dict(os.environ, SECS="45"), capture_output=True, text=True)
    print(script, "with the fix:")
    print("\n".join(l[:400] for l in r.stdout.splitlines() if l.startswith(("TA's", "SUMMARY", "ports subscribed"))), r.stderr[-500:])
