"""a11: a01's escapes against the NOTEBOOK's pixel budget (64 Mpx): 40 escaped 23000 x 23000 JPEGs in one cell, each
charged 256 pixels by the course. How many do the graded notebook and the feedback page keep? (not painted)"""
import os, sys, base64, io, urllib.parse
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; N = 40
LIB = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pctjpeg.py")).read().split("if __name__")[0] + f'''
from IPython.display import display
for _k in range({N}):
    display({{"image/jpeg": disguise(real_jpeg(23000, 23000, _k + 1), _k + 1), "text/plain": "img"}}, raw=True)
'''
m = honest(A)
idx = [i for i, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory"][0]
m.cells.insert(idx + 1, nbformat.v4.new_code_cell(LIB))
d = make_course("a11")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
from PIL import Image as PI
PI.MAX_IMAGE_PIXELS = None
nb = nbformat.read(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb", 4)
imgs = [o["data"]["image/jpeg"] for c in nb.cells for o in c.get("outputs", []) if "image/jpeg" in o.get("data", {})]
px = sum(w * h for w, h in (PI.open(io.BytesIO(base64.b64decode(urllib.parse.unquote(x)))).size for x in imgs))
print(f"graded notebook keeps {len(imgs)} images: {px / 2**20:,.0f} Mpx as a browser decodes them (the budget: 64 Mpx a notebook)")
print("feedback page data:image/jpeg count", open(f"{d}/feedback/{MALLORY}/{A}/{A}.html").read().count("data:image/jpeg"))
shutil.rmtree(d)
