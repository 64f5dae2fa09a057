# the pytest plugin a07b used (PYTHONPATH=/tmp/attack51-user-plugin, -p attack51_ipc): did NOT work with nbval
import os, tempfile
from jupyter_client.manager import KernelManager
KernelManager.class_traits()["transport"].default_value = "ipc"
_private = tempfile.mkdtemp(prefix="kernels-")  # 0700
def _ip(self):
    return os.path.join(_private, f"k{id(self)}") if self.transport == "ipc" else "127.0.0.1"
KernelManager._trait_default_generators["ip"] = _ip
