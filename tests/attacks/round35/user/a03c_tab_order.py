"""a03c: Formgrader keyboard order (.tabbable) of an honest page (aaron) and of a page with tagged cells (mallory), course of a02."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from browser_fg import *
def act(page, url):
    return page.evaluate("""() => [...document.querySelectorAll('.tabbable')].map((e,i) => i+':'+(e.id||e.className))""")
print(open_formgrader("/tmp/attack35-user-a02", "aaron", act))
print(open_formgrader("/tmp/attack35-user-a02", "mallory", act))
