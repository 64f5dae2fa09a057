"""a09b: why a09 held: the same plant, and each rank reports (in its exception) its cwd, sys.path, which probes it
imported, os.urandom and the seed it drew, under DISTCOURSE_START_METHOD=forkserver."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
a09 = {"__file__": __file__}
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a09_ps2_forkserver_imports_from_observer_cwd.py")).read()
src = src.split("env = sys.argv[1:]")[0]
exec(src, a09)
avg = a09["avg_source"](True).replace('raise RuntimeError("sacrificed")', '''import sys
    pm = sys.modules.get("probes")
    raise RuntimeError("DIAG cwd=%s path=%r probes=%r ls=%r urandom=%r drawn=%r ppid=%d ppcmd=%r" % (os.getcwd(), sys.path[:3], getattr(pm, "__file__", None), os.listdir("."), os.urandom, sys.modules["helpers.launch"]._DRAWN, os.getppid(), open(f"/proc/{os.getppid()}/cmdline","rb").read()[:120]))''')
DDP2 = a09["DDP"].replace("        self.module = module", '''        self.module = module
        import os, sys
        pm = sys.modules.get("probes")
        raise RuntimeError("DIAG2 cwd=%s probes=%r ls=%r urandom=%r drawn=%r" % (os.getcwd(), getattr(pm, "__file__", None), os.listdir("."), os.urandom, sys.modules["helpers.launch"]._DRAWN))''')
nb = u13.notebook("ps2_ddp", overrides={"average_gradients": avg, "my_ddp": DDP2})
dest = u13.course("a09b", {("mallory", "ps2_ddp"): nb})
u13.grade(dest, env=["DISTCOURSE_START_METHOD=forkserver"])
import nbformat
for c in nbformat.read(f"{dest}/autograded/mallory/ps2_ddp/ps2_ddp.ipynb", 4).cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "").startswith(("my_ddp_", "average_gradients_")):
        for o in c.get("outputs", []):
            print(c.metadata.nbgrader.grade_id, "OUTPUT:", (o.get("text") or str(o.get("evalue")))[:1500])
