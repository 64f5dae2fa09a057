# candidate fix (what `make venv` could write as .venv/etc/jupyter/jupyter_config.py): every Jupyter application of
# the venv (nbgrader's CLI, nbconvert, jupyter execute, lab) starts its kernels on IPC in a private folder
c = get_config()  # noqa: F821
c.KernelManager.transport = "ipc"
from grader import private_kernels
private_kernels.install()
