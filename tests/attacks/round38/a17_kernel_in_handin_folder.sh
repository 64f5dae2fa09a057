#!/bin/sh
# a17: the TA opens a hand-in in JupyterLab (`make lab`: PYTHONSAFEPATH=1 DISTCOURSE_JUDGE=kernel): JupyterLab starts the
# notebook's kernel in the notebook's folder, submitted/mallory/ps1_memory/, which holds a16's 37 shadow modules
# (csv.py, zipfile.py, ..., ipython_config.py, sitecustomize.py). Does starting it (and running 1+1) import any?
# Also: IPython started there (does it read a handed-in ipython_config.py?). Run after a16 (its course folder).
cd /tmp && rm -f /tmp/attack38-root-a16-proof.txt
PYTHONSAFEPATH=1 DISTCOURSE_JUDGE=kernel timeout 120 CLONE/.venv/bin/python -c "
from jupyter_client.manager import KernelManager
km = KernelManager(kernel_name='python3')
km.start_kernel(cwd='/tmp/attack38-root-a16/submitted/mallory/ps1_memory')
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
kc.execute_interactive('1+1', timeout=30)
kc.stop_channels(); km.shutdown_kernel(now=True)
print('kernel started and ran 1+1 in the hand-in folder')
" 2>&1 | tail -1
echo "proof: $(cat /tmp/attack38-root-a16-proof.txt 2>/dev/null || echo none)"
cd /tmp/attack38-root-a16/submitted/mallory/ps1_memory && PYTHONSAFEPATH=1 timeout 60 CLONE/.venv/bin/python -m IPython -c "pass" >/dev/null 2>&1
echo "ipython in the hand-in folder -> proof: $(cat /tmp/attack38-root-a16-proof.txt 2>/dev/null || echo none)"
rm -f /tmp/attack38-root-a16-proof.txt
