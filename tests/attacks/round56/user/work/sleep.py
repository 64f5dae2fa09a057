import json, nbformat
nb = nbformat.v4.new_notebook()
nb.cells = [nbformat.v4.new_code_cell("import os, time, tempfile\nprint(tempfile.gettempdir())\ntime.sleep(25)\nprint('done')")]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbformat.write(nb, "NOTES/work/sleep.ipynb")
