"""Round 12, a04 (ROOT run, host side, no browser): what a03's graded notebook costs the TA's Formgrader.

nbgrader's SubmissionHandler.get (server_extensions/formgrader/handlers.py) renders autograded/<student>/... with
`self.exporter.from_filename(...)` (HTMLExporter, template "formgrade", the course's nbgrader_config.py) inside the
TA's Jupyter server, synchronously, on every view of the submission. This replays that call on a03's
95.5 MiB graded notebook (hand-in: 40 kB) and measures time, peak memory and the page's size.
Usage: python a04_formgrader_render_cost.py [NOTEBOOK]
"""
import os, resource, sys, time

nb_path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/attack12-course-4/autograded/amplifier/ps1_memory/ps1_memory.ipynb"
from traitlets.config import Config
from nbconvert.exporters import HTMLExporter
from nbgrader.server_extensions.formgrader import handlers

cfg = Config()
ns = {"c": cfg, "get_config": lambda: cfg}
exec(open(os.path.join(os.path.dirname(__file__), "../../../nbgrader_config.py")).read(), ns)   # the course's config
cfg.HTMLExporter.template_name = "formgrade"
cfg.HTMLExporter.extra_template_basedirs = [handlers.template_path]
exporter = HTMLExporter(config=cfg)
t = time.time()
html, _ = exporter.from_filename(nb_path, resources={"assignment_id": "ps1_memory", "notebook_id": "ps1_memory",
                                                     "submission_id": "x", "index": 0, "total": 1, "base_url": "",
                                                     "student": "amplifier", "last_name": None, "first_name": None,
                                                     "notebook_path": "x"})
print(f"notebook {os.path.getsize(nb_path) / 2**20:.1f} MiB -> page {len(html) / 2**20:.1f} MiB in {time.time() - t:.1f} s, "
      f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB (the TA's Jupyter server blocks meanwhile)")

# RESULT (root, 19:41 UTC, a04.out.txt): the replayed Formgrader render of a03's graded notebook (95.5 MiB, from a
# 40 kB hand-in): page 47.8 MiB, 9.7 s, peak RSS 512 MiB, per view of that submission; the handler is synchronous,
# so the TA's Jupyter server answers nothing else meanwhile, and the TA's browser gets a 48 MB page. A nuisance for
# the TA, no grade changed. (Not driven through a browser this round.)
