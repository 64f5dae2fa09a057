"""a02b: a02s course opened in the real Formgrader (jupyter server + nbgrader extension, chromium)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from browser_fg import *
def act(page, url):
    return page.evaluate("""() => {
      const cells = [...document.querySelectorAll('.code_cell')];
      const tagged = cells.filter(c => c.className.includes('celltag_'));
      return {tagged: tagged.length, visible: tagged.map(c => c.offsetParent !== null && getComputedStyle(c).display),
              uis: formgrader.grade_uis.map(u => [u.model.get('name'), u.$el.length])};
    }""")
print(open_formgrader("/tmp/attack35-user-a02", "mallory", act, "tests/attacks/round35/user/a02-formgrader.png"))
