"""a03's candidate fix (jupyter_config.py with IPC + private_kernels.install() on JUPYTER_CONFIG_PATH) does not disturb
`python -m grader.grade` (which names each kernel's transport and folder itself): three honest students."""
import os as _o, shutil as _s
_o.makedirs("/tmp/attack53-user-fixcfg", mode=0o700, exist_ok=True)
_s.copy(_o.path.join(_o.path.dirname(_o.path.abspath(__file__)), "a03_jupyter_config.py"), "/tmp/attack53-user-fixcfg/jupyter_config.py")
_o.chown("/tmp/attack53-user-fixcfg", 65534, 65534); _o.chown("/tmp/attack53-user-fixcfg/jupyter_config.py", 65534, 65534)

import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
harness.ENV["JUPYTER_CONFIG_PATH"] = "/tmp/attack53-user-fixcfg"
d, r, sc = harness.run_class("a03b", "ps1_memory", {"mallory": {}})
