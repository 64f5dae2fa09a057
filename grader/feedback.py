"""Feedback that tells students what failed, never how the hidden tests are written.

nbgrader's feedback shows each graded cell with its hidden tests restored and full tracebacks,
which quote the grader's own source lines (nbgrader issue #978). `HideHiddenTests` runs before
nbgrader's own feedback preprocessors: it replaces each hidden-test region with one comment line and
cuts every error down to its type and message, the words the check wrote for the student.

It also renders every markdown cell (a written answer is the student's) to sanitised HTML itself:
nbgrader's feedback template passes markdown through `markdown2html` unsanitised, so a `<script>`
in an answer would run in the feedback page. Outputs are sanitised by nbconvert
(`HTMLExporter.sanitize_html`, set in nbgrader_config.py).
"""

from __future__ import annotations

import base64
import bisect
import functools
import re
import sys
import unicodedata

import nbformat
from fontTools.unicodedata import script as _unicode_script
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Unicode

from probes.wire import region_spans, replace_regions

#: A test cell's metadata key that grader.execute sets for every test cell it runs: whether a hidden
#: check was handed anything in it (a value in the handed-in notebook is overwritten).
RAN_KEY = "distcourse_hidden_checks_ran"
PLACEHOLDER = "# (hidden tests ran here; what they found is shown below)"
#: ... where the cell stopped before its hidden check was handed anything (a NameError above it, say).
NOT_RUN = "# (hidden tests are here; they did not run: the cell stopped before them, see the error below)"
#: ... where the grader did not record either (a notebook graded before it recorded it).
UNKNOWN = "# (hidden tests are here; what they found, if they ran, is shown below)"


_TAGS = {"a", "abbr", "b", "blockquote", "br", "code", "del", "div", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i",
         "li", "ol", "p", "pre", "s", "span", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul"}


MAX_MARKDOWN_CHARS = 50_000  # a longer written answer is shown as plain text
MAX_MARKDOWN_TAGS = 2_000  # so is one whose HTML holds more tags (nested tags, a table of 8,000 rows):
#: the sanitiser's time grows with the tags markdown makes, not with the characters written
#: What one notebook's markdown may render to, all cells together; later cells are shown as plain text.
#: Our assignments' notebooks: about 40,000 characters and 1,500 tags.
NOTEBOOK_MARKDOWN_CHARS = 200_000
NOTEBOOK_MARKDOWN_TAGS = 10_000
PLAIN_NOTE = "[shown as plain text: this cell is too long or holds too many tags to be rendered]"
RAW_NOTE = "[a raw cell, shown as text]"


def _one_line(html: str) -> str:
    """HTML on one line, with no brackets: the template passes it through markdown2html (which leaves a line of
    HTML as it is) and strip_files_prefix, whose regex is quadratic in the "[" of a line without "](files/"
    (round 18: 50,000 characters of "![" took 23 s a cell). As character references the brackets read the same."""
    return (html.replace("\r", "").replace("\n", "&#10;").replace("[", "&#91;").replace("]", "&#93;"))


#: What html.escape adds for a character, and what _one_line adds after it: a page's size, and its filters' time,
#: grow with the text as escaped, not as written (round 36: 400 cells of 50,000 "&" made a 100 MB graded notebook).
_ESCAPED = (("&", 4), ("<", 3), (">", 3), ('"', 5), ("'", 5))
_ONE_LINE = (("\n", 4), ("[", 4), ("]", 4))


#: What a change of script costs a page, in characters: a browser shapes each run of one script apart and looks up
#: a font for it, and text whose script changes at every character (`a一a一...`) filled to every cap as characters
#: made a Formgrader page take 45 s to load and 116 s to paint, its feedback page 45 s (round 45; CJK text alone, 2-5
#: s). Charged so, such text gets a sixteenth of the page; prose in one script, and code, pay nothing for it.
SCRIPT_CHANGE_COST = 16
#: How this count tells scripts apart: by Unicode's Script property, as a browser itemizes text (fontTools' table of
#: Scripts.txt); characters of no one script (Common: digits, punctuation, symbols, emoji) by the first word of their
#: Unicode name ("DIGIT", "CIRCLED", an emoji's own word) and their block of 128, combining marks (Inherited), spaces and line breaks of
#: any script, a character of no name by its block of 128. Coarser tables bought bypasses: one "script" for Chinese,
#: Japanese, Korean and the fullwidth forms let `一Ａ` through, digits with the script around them `😀1` (round 46:
#: Formgrader pages painted in 193-222 s), and names' first words alone, which name forms rather than scripts
#: (CIRCLED, HALFWIDTH), `㉠㋐` (Hangul and Katakana: a feedback page painted in 84.5 s, round 47).
_LATIN = ((0x0, 0x24F), (0x1E00, 0x1EFF))
_NEUTRAL = (" ", "\n", "\t", "\r")


@functools.lru_cache(maxsize=1 << 16)
def _script(char: str):
    point = ord(char)
    if 0x300 <= point <= 0x36F or char in _NEUTRAL:
        return None
    if any(start <= point <= end for start, end in _LATIN):
        return "Latn"
    script = _unicode_script(char)
    if script == "Zinh":
        return None
    if script not in ("Zyyy", "Zzzz"):
        return script
    try:  # a form's word (CIRCLED) names several blocks, each a font of its own: the block counts too
        return unicodedata.name(char).split(" ", 1)[0], point >> 7
    except ValueError:
        return point >> 7


def script_changes(text: str) -> list[int]:
    """The places in `text` where its script changes (see _script). Linear; none, at C speed, for text of ASCII and
    Latin letters."""
    if not text or max(text) < "\u0250":
        return []
    changes, before = [], None
    for at, char in enumerate(text):
        script = _script(char)
        if script is None:
            continue
        if before is not None and script != before:
            changes.append(at)
        before = script
    return changes


def page_cost_without_scripts(text: str, one_line: bool = False) -> int:
    return len(text) + sum(text.count(char) * extra for char, extra in _ESCAPED + (_ONE_LINE if one_line else ()))


def page_cost(text: str, one_line: bool = False) -> int:
    """The characters `text` takes in the page once escaped (and, `one_line`, made one line by _one_line), and
    SCRIPT_CHANGE_COST for each change of script."""
    return page_cost_without_scripts(text, one_line) + SCRIPT_CHANGE_COST * len(script_changes(text))


#: Combining marks a page shows in a row, the most Unicode's Stream-Safe Text Format allows (UAX #15). A browser lays
#: out a letter and the marks after it as one unit, at a cost that grows faster than their number, and no cap on
#: characters counts that: a hand-in that filled every cap with runs of thousands of marks (each within it) made its
#: Formgrader page take 32 s to load and 64 s to paint, its feedback page 28 s (round 43). Runs of 30 cost what as
#: many separate letters do.
MAX_MARK_RUN = 30


#: Characters a browser joins to the character before (or, Prepend, after) them in one grapheme cluster (UAX #29's
#: Extend, SpacingMark, ZWJ and Prepend) that are not marks by category: zero-width joiners, halfwidth kana's sound
#: marks, emoji skin-tone modifiers, tag characters, prepended concatenation marks. Round 47: 50,000 skin-tone
#: modifiers (category Sk) after one emoji did not paint in 300 s; `fold_marks` cuts their runs as it cuts marks'.
_CLUSTER_EXTENDERS = ((0x200C, 0x200D), (0xFF9E, 0xFF9F), (0x1F3FB, 0x1F3FF), (0xE0020, 0xE007F), (0x0600, 0x0605),
                      (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2), (0x0D4E, 0x0D4E),
                      (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x111C2, 0x111C3), (0x1193F, 0x1193F),
                      (0x11941, 0x11941), (0x11A3A, 0x11A3A), (0x11A84, 0x11A89), (0x11D46, 0x11D46),
                      (0x11F02, 0x11F02))


def _extends_a_cluster(point: int) -> bool:
    """Whether a browser joins the character to its neighbour in one cluster: a mark (Mn, Mc, Me) or one of
    _CLUSTER_EXTENDERS."""
    return (unicodedata.category(chr(point)).startswith("M")
            or any(start <= point <= end for start, end in _CLUSTER_EXTENDERS))


@functools.cache
def _marks() -> str:
    """A character class of the characters that extend a grapheme cluster (_extends_a_cluster), as ranges: what
    `fold_marks` calls marks."""
    ranges = [f"\\U{start:08x}-\\U{end:08x}" for start, end in _CLUSTER_EXTENDERS]
    start = None
    for point in range(sys.maxunicode + 2):
        mark = point <= sys.maxunicode and unicodedata.category(chr(point)).startswith("M")
        if mark and start is None:
            start = point
        elif not mark and start is not None:
            ranges.append(f"\\U{start:08x}-\\U{point - 1:08x}")
            start = None
    return f"[{''.join(ranges)}]"


@functools.cache
def _mark_patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    marks = _marks()
    return (re.compile(f"{marks}{{{MAX_MARK_RUN + 1},}}"),  # a run too long, in text
            re.compile(f"(?:{marks}|<[^<>]*>)+"),  # marks and the tags between them, in HTML: one cluster to a browser
            re.compile(f"{marks}|<[^<>]*>"))


#: What a text that begins with marks gets before them, Unicode's base for a mark shown alone: a browser puts two
#: outputs of a cell side by side (nbconvert joins a cell's streams), and the marks ending one and beginning the
#: next would be one run (round 45).
MARK_BASE = "\u25cc"


def fold_marks(text: str, html: bool = False) -> str:
    """What a page shows of `text`: each run of combining marks longer than MAX_MARK_RUN cut to its first
    MAX_MARK_RUN, the rest counted in a note ("[+N marks]"), and MARK_BASE before marks that begin it. With `html`,
    a run is the marks between two other characters, whatever tags lie between them (a browser lays them out as one
    cluster: round 45 split a run with tags and character references the sanitiser spelled out). Linear."""
    if text.isascii():
        return text
    run, stretch, token = _mark_patterns()
    if not html:
        text = run.sub(lambda found: f"{found[0][:MAX_MARK_RUN]}[+{len(found[0]) - MAX_MARK_RUN:,} marks]", text)
        return MARK_BASE + text if _extends_a_cluster(ord(text[0])) else text

    def cut(found):
        kept, marks = [], 0
        for part in token.findall(found[0]):
            if part.startswith("<"):
                kept.append(part)
            else:
                marks += 1
                if marks <= MAX_MARK_RUN:
                    kept.append(part)
        return "".join(kept) + (f"[+{marks - MAX_MARK_RUN:,} marks]" if marks > MAX_MARK_RUN else "")

    return stretch.sub(lambda found: cut(found) if len(found[0]) > MAX_MARK_RUN else found[0], text)


def _prefix_within(text: str, keep: int, one_line: bool = False, whole_lines: bool = False) -> str:
    """The longest start of `text` whose page_cost is at most `keep` (`whole_lines`: ending at a line break, or
    all of it). A binary search over linear counts."""
    changes = script_changes(text)  # once: a prefix's changes are those before its end
    if page_cost_without_scripts(text, one_line) + SCRIPT_CHANGE_COST * len(changes) <= keep:
        return text

    def cost(end):
        return page_cost_without_scripts(text[:end], one_line) + SCRIPT_CHANGE_COST * bisect.bisect_left(changes, end)

    low, high = 0, min(len(text), max(0, keep))
    while low < high:
        middle = (low + high + 1) // 2
        if cost(middle) <= keep:
            low = middle
        else:
            high = middle - 1
    return text[:text.rfind("\n", 0, low) + 1] if whole_lines else text[:low]


def _plain(source: str, budget: list[int] | None = None, note: str = PLAIN_NOTE) -> str:
    """The cell escaped as text: at most MAX_MARKDOWN_CHARS of the page, and what is left of the notebook's budget
    (charged: round 18 added cells of plain text until a page ran out of time), counted as escaped (`page_cost`)."""
    import html as html_module

    keep = MAX_MARKDOWN_CHARS if budget is None else max(0, min(MAX_MARKDOWN_CHARS, budget[0]))
    source = fold_marks(source)
    shown = _prefix_within(source, keep, one_line=True)
    if budget is not None:
        budget[0] -= page_cost(shown, one_line=True)
    cut = f" [{len(source) - len(shown):,} more characters not shown]" if len(shown) < len(source) else ""
    return _one_line(f"<div><p>{note}{cut}</p><pre>{html_module.escape(shown)}</pre></div>")


def _markdown_html(source: str) -> str:
    """nbconvert's markdown2html_mistune, except that a fenced block is never highlighted: its info string would
    pick the Pygments lexer, and some of Pygments' 600 lexers are quadratic on text a student chooses (round 20: a
    block of "a\\n" in X++, 8,000 characters, took 51 s of the grading process)."""
    from mistune.renderers.html import HTMLRenderer
    from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath

    class PlainBlocks(IPythonRenderer):
        def block_code(self, code, info=None):
            return HTMLRenderer.block_code(self, code, info=None)

    return MarkdownWithMath(renderer=PlainBlocks(escape=False)).render(source)


def fixed_lexer(nb) -> None:
    """Show every code cell as plain text, whatever the notebook says: a code cell's `magics_language` and the
    notebook's language_info are the student's, and they pick the lexer nbconvert's highlight filter uses (round 20:
    "xpp" on 20,000 characters of "a\\n" kept a page past its time limit). No lexer of Pygments' is safe on text a
    student chooses: IPython's hands a `%%perl` cell to Perl's, quadratic (round 36: ten cells of 20,000 characters
    of "s<" kept the TA's Jupyter server busy 102 s each time Formgrader's page opened), and Python's own is
    quadratic on lines of blanks (20,000 characters of "\\n ": 5 s; IPython's: 52 s). Pygments' text lexer is linear."""
    info = nb.metadata.get("language_info")
    nb.metadata["language_info"] = {"name": "python", "pygments_lexer": "text",
                                    **({"version": info["version"]} if isinstance(info, dict)
                                       and isinstance(info.get("version"), str) else {})}
    for cell in nb.cells:
        if isinstance(cell.get("metadata"), dict):
            cell.metadata.pop("magics_language", None)




#: The links a written answer keeps: a mail address, or one to another site. A link without a scheme resolves against
#: the page it is on, on the TA's own Jupyter server (`..%2f..%2fsubmitted%2f...%2ffigure.html` reached a handed-in
#: page through Formgrader's file route, as the TA, round 37). To another site: `http(s)://` and a host name of ASCII letters, digits and
#: hyphens in two or more labels, an optional port, then the path; no character a URL parser removes or maps (tab, line
#: break, space, percent-escapes or non-ASCII in the host, which browsers fold: `local<TAB>host`, fullwidth
#: `ｌｏｃａｌｈｏｓｔ`, `%6c%6fcalhost`), no user part, no address in numbers (`127.1`, `0x7f.1`, `[::1]`: an IPv4 address is
#: a host whose last label is a number), and not `localhost` or a name under it. A link to this machine, where the
#: TA's own Jupyter server listens (`make lab`), reaches the TA's routes as the TA, as a relative one does (round 42:
#: Jupyter's /nbconvert route converted a raw hand-in, 127 s of the server's CPU, from one click; round 43: spellings
#: of `localhost` a list of them missed). An allow list of what a plain link to another site looks like: a server under
#: another name (a hub's) cannot be told from another site, and the README says to follow no link of a hand-in.
_SITE_LINK = re.compile(r"https?://((?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+)\.?(?::[0-9]{1,5})?(?:[/?#][!-~]*)?",
                        re.IGNORECASE)


def _site_link(value: str) -> bool:
    """Whether `value` is a link a written answer keeps (see _SITE_LINK), or a mail address."""
    if value.lower().startswith("mailto:"):
        return value.isascii() and value.isprintable() and " " not in value
    found = _SITE_LINK.fullmatch(value)
    if not found:
        return False
    labels = found.group(1).lower().split(".")
    last_is_number = labels[-1].isdigit() or re.fullmatch(r"0x[0-9a-f]*", labels[-1]) is not None
    return not (last_is_number or labels[-1] == "localhost")


def _link_attribute(tag: str, name: str, value: str) -> bool:
    # no title: a tooltip is text of the student's too, which the marks' cut does not reach (round 46: 40,300 marks)
    return name == "href" and _site_link(value)


def safe_markdown(source: str, budget: list[int] | None = None) -> str:
    """Markdown as sanitised HTML on one line, which the template's markdown2html leaves as it is.

    A cell too long, or whose HTML holds too many tags, is escaped as plain text instead (linear time);
    so is every cell once the notebook's `budget` ([characters of the page, tags] left) is spent, and plain
    text is charged to it too, so that a page holds at most the budget whatever the number of cells. Runs of
    combining marks are cut first (`fold_marks`)."""
    source = fold_marks(source)
    size = len(source) + SCRIPT_CHANGE_COST * len(script_changes(source))  # what a browser pays for it (round 45)
    if size > MAX_MARKDOWN_CHARS or source.count("<") > MAX_MARKDOWN_TAGS:
        return _plain(source, budget)
    if budget is not None and (size > budget[0] or budget[1] <= 0):  # nothing rendered past the budget
        return _plain(source, budget)
    import bleach

    rendered = _markdown_html(source)  # linear; the sanitiser is not, in the number of tags
    tags = rendered.count("<")
    if tags > 2 * MAX_MARKDOWN_TAGS or (budget is not None and (page_cost(rendered, True) > budget[0] or tags > budget[1])):
        return _plain(source, budget)
    if budget is not None:
        budget[0] -= page_cost(rendered, True)
        budget[1] -= tags
    # no `id` or `class` on anything a student wrote: Formgrader finds each grade's score box with
    # $("#" + grade_id), the first element of that id in the page, and its cell by its class; an answer holding
    # an empty <span id=...> for every grade id, moved to the top of the notebook, took the TA's one "full credit"
    # click for all of them (round 34: 0 -> 30 of 30)
    html = bleach.clean(rendered, tags=_TAGS, attributes={"a": _link_attribute},
                        protocols=["http", "https", "mailto"], strip=False)
    # marks last: inert_math spells character references out (`&#769;` x 40,000 became one run, round 45)
    return _one_line("<div>" + fold_marks(inert_math(html), html=True) + "</div>")


#: TeX commands of MathJax's that give the page what HTML would: an element's id, class or style (\cssId of a grade
#: id is round 34's hijack of Formgrader's score boxes again), a link (\href{javascript:...}), code loaded (\require).
_MATH_COMMANDS = re.compile(r"\\(cssId|class|style|href|require|unicode|mmlToken|bbox|html|HTML|data|attr)(?![A-Za-z])")
_REFERENCE = re.compile(r"&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[A-Za-z][A-Za-z0-9]{1,31});")


def inert_math(html: str) -> str:
    """HTML whose text MathJax (which the TA's and the student's pages load) typesets to nothing the HTML could not
    hold: each such command loses its backslash's meaning (`\\backslash{}`, shown the same). The text's character
    references are spelled out first (but for & < > " '), so that none spells a command the browser would decode
    (`\\&#x63;ssId`)."""
    import html as html_module

    def literal(match):
        char = html_module.unescape(match.group(0))
        return match.group(0) if len(char) != 1 or char in "&<>\"'" else char

    return _MATH_COMMANDS.sub(r"\\backslash{}\1", _REFERENCE.sub(literal, html))


#: Characters of a code cell's source the page shows (highlighted: Pygments' lexer is super-linear on some text, a
#: 3 MB cell of " .a" kept a page busy past the grader's memory cap, round 17), and of one notebook's code cells
#: together; the rest is left out of the page, said in a comment. Our solutions' longest cell: about 3,000.
MAX_CODE_CHARS = 20_000
NOTEBOOK_CODE_CHARS = 200_000
#: Hidden-test lines looked for in a cell's outputs, at most (real test cells hold a few).
MAX_SECRET_LINES = 200
#: Characters of one output's text the page shows, and of one notebook's outputs together (grading keeps up to
#: 2 MB a cell and 10 MB a notebook; nbconvert's ansi2html copies the rest of a text at every escape it finds,
#: quadratic: 2 MB of "\x1b[m" took a page past its time limit, round 18). Our solutions' outputs: a few kB.
MAX_OUTPUT_CHARS = 20_000
NOTEBOOK_OUTPUT_CHARS = 200_000
#: What a feedback page shows of an output: plain text and PNG/JPEG images. Every other kind (HTML, SVG,
#: markdown, LaTeX, JavaScript) goes through a converter or a sanitiser whose time depends on what the kernel
#: chose; text/plain, which every display also carries, is shown instead.
PAGE_MIMETYPES = ("text/plain", "image/png", "image/jpeg")
#: Terminal escapes (colours, titles) whole, then any other control character; tabs and line breaks stay. Linear.
_CONTROL = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|[\x00-\x08\x0b-\x1f\x7f]")


def _shown_text(text, budget: list[int], whole_lines: bool = False) -> str:
    """An output's text as the page shows it: without control characters (so ansi2html meets no escape and
    runs in one pass), cut to MAX_OUTPUT_CHARS of the page and to what is left of the notebook's budget (both
    counted as escaped, `page_cost`), saying so; `whole_lines`: cut at a line break. Runs of combining marks
    are cut last (`fold_marks`)."""
    text = "".join(text) if isinstance(text, list) else str(text)
    kept = _prefix_within(text, max(0, min(MAX_OUTPUT_CHARS, budget[0])), whole_lines=whole_lines)
    # marks last: removing a control character between two runs joined them (round 45: 640 runs of 30 and "\x01")
    shown = fold_marks(_CONTROL.sub("", kept))
    budget[0] -= page_cost(shown)
    if len(kept) < len(text):
        shown += f"\n[{len(text) - len(kept):,} more characters of this output are not shown]"
    return shown


#: What an output costs a page's output budget besides its text: nbconvert's wrapper of one output (about 300
#: characters, and the work of making it). 19,000 empty outputs, under every cap on text, made a page of 1.6 MB
#: that kept the TA's Jupyter server busy 7.4 s (round 37); at this cost a page shows at most 400.
OUTPUT_COST = 500


def _outputs_within(cell, budget: list[int]) -> list:
    """The cell's outputs the page shows, each charged OUTPUT_COST; once the notebook's budget is spent the rest are
    left out, said in one output."""
    outputs = cell.get("outputs", [])
    for number in range(len(outputs)):
        if budget[0] < OUTPUT_COST:
            note = nbformat.v4.new_output("stream", name="stdout",
                                          text=f"[{len(outputs) - number:,} more outputs of this cell are not shown]\n")
            cell["outputs"] = outputs[:number] + [note]
            return outputs[:number]
        budget[0] -= OUTPUT_COST
    return outputs


#: Pixels of one image a page shows, and of one notebook's images together. A browser decodes an image whole, and
#: the size on the wire says nothing of it: a 64 kB one-bit PNG of 23,000 x 23,000 pixels decodes to 2.1 GB, and 8
#: of them took the TA's browser 120 s and 2.5 GB to paint (round 40). Ours: a plot is under a million pixels.
MAX_IMAGE_PIXELS = 4096 * 4096
NOTEBOOK_IMAGE_PIXELS = 64 * 2**20


#: Scans a JPEG may hold (a progressive one: about 10). A browser decodes an image's pixels again for each scan, and
#: libjpeg takes repeated scans with a warning: four 4096 x 4096 images of 10,000 scans each, under the pixel caps,
#: took the TA's browser 315 s to paint (round 41).
MAX_JPEG_SCANS = 32


#: What an image's text may hold: base64's alphabet and line breaks. Any other character is read one way here and
#: another by a browser (`%ff` is a byte to a data: URL, nothing to Python's decoder, which drops the `%`).
_BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*")


def image_size(mime: str, data) -> tuple[int, int] | None:
    """(width, height) of a base64 PNG or JPEG as its header says, or None if it says none (or a JPEG has more than
    MAX_JPEG_SCANS scans)."""
    import base64
    import binascii
    import struct

    text = "".join(data) if isinstance(data, list) else data
    if not isinstance(text, str) or not _BASE64.fullmatch(text):
        return None  # the page puts the text into a data: URL, which a browser percent-decodes first (round 42)
    try:
        raw = base64.b64decode(re.sub(r"\s+", "", text), validate=True)  # misplaced padding: no size
        if mime == "image/png":
            # an animated PNG (an acTL chunk) is decoded frame after frame as it loops: 200 frames of 4096 x 4096
            # kept the TA's browser busy while the page was open (round 42); none is shown
            if raw[:8] != b"\x89PNG\r\n\x1a\n" or raw[12:16] != b"IHDR" or b"acTL" in raw:
                return None
            return struct.unpack(">II", raw[16:24])
    except (binascii.Error, ValueError, struct.error):
        return None
    if raw[:2] != b"\xff\xd8":
        return None
    # JPEG: the largest frame any start-of-frame marker (SOF0-15 but DHT, JPG, DAC) anywhere in the file declares,
    # not the first a walk of the markers meets: decoders skip fill bytes, markers without a length and comments as
    # they please, and a walk that read them otherwise found a 16 x 16 frame where browsers decoded one of 23,000 x
    # 23,000 (round 41). Entropy-coded data never holds such a pair (an FF there is followed by 00 or a restart), so
    # only metadata can add a false one, which costs that image only. A frame of 0 lines (its height in a later DNL
    # marker) counts as the tallest.
    if raw.count(b"\xff\xda") > MAX_JPEG_SCANS:  # start-of-scan markers: a decode costs its pixels once a scan
        return None
    sizes = []
    for found in re.finditer(rb"\xff[\xc0-\xc3\xc5-\xc7\xc9-\xcb\xcd-\xcf]", raw):
        header = raw[found.start() + 5:found.start() + 9]
        if len(header) == 4:
            height, width = struct.unpack(">HH", header)
            sizes.append((width, height or 0xFFFF))
    return max(sizes, key=lambda size: size[0] * size[1]) if sizes else None


def _pictures_within(data: dict, pixels: list[int]) -> None:
    """Drop from an output's `data` each image larger than MAX_IMAGE_PIXELS, of no size, or past the notebook's
    pixel budget (`pixels`, spent here), saying so in its text."""
    for mime in [m for m in data if m.startswith("image/")]:
        size = image_size(mime, data[mime])
        area = size[0] * size[1] if size else None
        if area is not None and area <= min(MAX_IMAGE_PIXELS, pixels[0]):
            pixels[0] -= area
            # the page gets the very bytes measured, written anew: no reading of the text but this one reaches it
            text = "".join(data[mime]) if isinstance(data[mime], list) else data[mime]
            data[mime] = base64.b64encode(base64.b64decode(re.sub(r"\s+", "", text), validate=True)).decode()
            continue
        del data[mime]
        why = (f"of {size[0]:,} x {size[1]:,} pixels" if size else "whose size its header does not say")
        data["text/plain"] = f"[an image {why}, not shown: at most {MAX_IMAGE_PIXELS:,} pixels an image and " \
                             f"{NOTEBOOK_IMAGE_PIXELS:,} a notebook are]"


def _page_output(output, budget: list[int], pixels: list[int] | None = None) -> None:
    data = output.get("data")
    if isinstance(data, dict):
        kept = {k: v for k, v in data.items() if k in PAGE_MIMETYPES}
        _pictures_within(kept, [NOTEBOOK_IMAGE_PIXELS] if pixels is None else pixels)
        if not kept:
            kept = {"text/plain": f"[a display of {', '.join(sorted(data))[:200]}, not shown in feedback]"}
        if "text/plain" in kept:
            kept["text/plain"] = _shown_text(kept["text/plain"], budget)
        output["data"] = kept
    if "text" in output:
        output["text"] = _shown_text(output["text"], budget)
    if "evalue" in output:
        output["evalue"] = _shown_text(output["evalue"], budget)
    if "ename" in output:
        output["ename"] = _shown_text(output["ename"], [200])


def _shown_code(source: str, budget: list[int]) -> str:
    source = fold_marks(source)
    shown = _prefix_within(source, max(0, min(MAX_CODE_CHARS, budget[0])))
    budget[0] -= page_cost(shown)
    if len(shown) == len(source):
        return source
    return (shown
            + f"\n# [{len(source) - len(shown):,} more characters of this cell are not shown here: the hand-in has them]")


def _is_test_cell(cell) -> bool:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return bool(meta.get("grade")) and not meta.get("solution")


class HideHiddenTests(NbGraderPreprocessor):
    def preprocess(self, nb, resources):
        fixed_lexer(nb)
        self._budget = [NOTEBOOK_MARKDOWN_CHARS, NOTEBOOK_MARKDOWN_TAGS]  # each notebook's own
        self._code_budget = [NOTEBOOK_CODE_CHARS]
        self._output_budget = [NOTEBOOK_OUTPUT_CHARS]
        self._pixel_budget = [NOTEBOOK_IMAGE_PIXELS]
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "markdown":
            cell.source = safe_markdown(cell.source, getattr(self, "_budget", None))
        if cell.cell_type == "raw":
            # A raw cell goes to the page as it is, through nbconvert's sanitiser, whose time grows faster than the
            # tags (round 18: 40,000 nested <i> kept a page busy 30 s, and a page waits for the one before): it is
            # shown as escaped text, charged to the notebook's budget like markdown.
            cell.cell_type = "markdown"
            for key in ("raw_mimetype", "format"):
                cell.metadata.pop(key, None)
            cell.source = _plain(cell.source, getattr(self, "_budget", None), RAW_NOTE)
        if cell.cell_type == "code":
            # hidden tests are in the test cells only (nbgrader restores them from the gradebook); an answer cell's
            # markers are the student's own text, whose lines are not looked for in outputs (round 17: 80,000 of
            # them against 220 outputs kept a page busy 120 s)
            secret = _hidden_lines(cell.source)[:MAX_SECRET_LINES] if _is_test_cell(cell) else []
            ran = cell.get("metadata", {}).get(RAN_KEY)
            placeholder = PLACEHOLDER if ran is True else NOT_RUN if ran is False else UNKNOWN
            cell.source = _shown_code(replace_regions(cell.source, "HIDDEN TESTS", placeholder),
                                      getattr(self, "_code_budget", [NOTEBOOK_CODE_CHARS]))
            for output in _outputs_within(cell, getattr(self, "_output_budget", [NOTEBOOK_OUTPUT_CHARS])):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
                if secret:  # whole lines first: a cut must not leave the start of a hidden line
                    _redact_output(output, secret)
                _page_output(output, getattr(self, "_output_budget", [NOTEBOOK_OUTPUT_CHARS]),
                             getattr(self, "_pixel_budget", [NOTEBOOK_IMAGE_PIXELS]))
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output['ename']}: {output['evalue']}"]
        return cell, resources


REDACTED = "[a line of the hidden tests, removed]"


def _hidden_lines(source: str) -> list[str]:
    """The distinctive lines of a cell's hidden-test regions (a kernel can read its cell's source, with
    those regions restored, and print them: its outputs are cleaned of them too)."""
    lines = []
    for start, stop in region_spans(source, "HIDDEN TESTS"):
        for line in source[start:stop].splitlines():
            line = line.strip()
            if len(line) >= 8 or "HIDDEN TESTS" in line:
                lines.append(line)
    return lines


def _redact(text, secret: list[str]):
    if not isinstance(text, str) or not any(line in text for line in secret):
        return text
    return "\n".join(REDACTED if any(line in part for line in secret) else part for part in text.split("\n"))


def _redact_output(output, secret: list[str]) -> None:
    if "text" in output:
        text = output["text"]
        output["text"] = _redact("".join(text) if isinstance(text, list) else text, secret)
    if "evalue" in output:
        output["evalue"] = _redact(output["evalue"], secret)
    if "traceback" in output:
        output["traceback"] = [_redact(t, secret) for t in output["traceback"]]
    for mime, value in (output.get("data") or {}).items():
        if mime.startswith("text/"):
            output["data"][mime] = _redact("".join(value) if isinstance(value, list) else value, secret)


#: What a graded notebook's outputs may keep: what a browser shows without running anything.
INERT_MIMETYPES = ("text/plain", "image/png", "image/jpeg")


def _grade_id(cell) -> str | None:
    meta = cell.get("metadata", {}).get("nbgrader") if isinstance(cell.get("metadata"), dict) else None
    return meta.get("grade_id") if isinstance(meta, dict) and isinstance(meta.get("grade_id"), str) else None


#: What a graded cell the hand-in deleted shows in the TA's page, above the release's cell.
DELETED_NOTE = "[this cell is not in the hand-in: it was deleted; shown here as the release has it]"


def in_release_order(cells: list, release_cells: list) -> list:
    """The cells, with those of nbgrader's ids in the release's order and every one of them there: Formgrader's
    keyboard flow (Tab, and "the same box of the next submission") counts the score and comment boxes in page
    order, so a hand-in that moved an answer cell below a written one took the TA's score for that written answer
    of every student into its extra credit, which has no maximum (round 36). The graded cells take each other's
    places (the student's own cells stay where they are); a deleted one is put back, as the release has it and
    saying so, after the one before it."""
    rank = {_grade_id(cell): number for number, cell in enumerate(release_cells)}
    places = [number for number, cell in enumerate(cells) if _grade_id(cell) in rank]
    graded = sorted((cells[number] for number in places), key=lambda cell: rank[_grade_id(cell)])
    ordered = list(cells)
    for number, cell in zip(places, graded):
        ordered[number] = cell
    present = {_grade_id(cell) for cell in graded}
    at = next((number for number, cell in enumerate(ordered) if _grade_id(cell) in rank), len(ordered))
    for release_cell in release_cells:
        gid = _grade_id(release_cell)
        if gid in present:
            at = next(number for number, cell in enumerate(ordered) if _grade_id(cell) == gid) + 1
            continue
        restored = nbformat.from_dict(release_cell)
        restored.pop("id", None)
        restored["metadata"] = nbformat.from_dict({"nbgrader": dict(release_cell["metadata"]["nbgrader"])})
        if restored.get("cell_type") == "code":
            restored.update(outputs=[], execution_count=None, source=f"# {DELETED_NOTE}\n{restored.get('source', '')}")
        else:
            restored["source"] = f"*{DELETED_NOTE}*\n\n{restored.get('source', '')}"
        ordered.insert(at, restored)
        at += 1
    return ordered


class InertForTheBrowser(NbGraderPreprocessor):
    """The last step of autograde: the graded notebook, which the TA opens in nbgrader's Formgrader, holds
    nothing a browser runs, and what the page holds is bounded. Formgrader renders a markdown cell with
    `markdown2html` and no sanitiser, so a written answer's `<img onerror=...>` ran as the TA's page, and through
    the TA's Jupyter server as the TA (attack round 9: as root, it read the solutions and the grader's
    environment). Markdown cells become `safe_markdown`'s sanitised HTML (what the feedback page shows too),
    attachments go, a raw cell becomes its text, escaped, and outputs keep plain text and PNG/JPEG images only.
    The TA's page is built in the TA's Jupyter server's one thread, which answers nothing else meanwhile: each
    written answer shows at most 50,000 characters of the page, every other markdown or raw cell, code and output
    share the feedback page's budgets (counted as escaped). With `release` (the release notebook), the graded
    cells are in the release's order and all there (`in_release_order`)."""

    release = Unicode("", help="the assignment's release notebook: graded cells are shown in its order").tag(config=True)

    def preprocess(self, nb, resources):
        fixed_lexer(nb)
        # of the notebook's metadata, what the course's own notebooks hold, in our words (a kernelspec's names are
        # the page's too); widget state and the rest, which templates put into the page, go
        kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.metadata = nbformat.from_dict({"kernelspec": kernelspec, "language_info": nb.metadata["language_info"]})
        if self.release:
            with open(self.release, encoding="utf-8") as fh:
                release_cells = [cell for cell in nbformat.read(fh, as_version=4).cells if _grade_id(cell)]
            nb.cells = in_release_order(nb.cells, release_cells)
        self._budget = [NOTEBOOK_MARKDOWN_CHARS, NOTEBOOK_MARKDOWN_TAGS]
        self._code_budget = [NOTEBOOK_CODE_CHARS]
        self._output_budget = [NOTEBOOK_OUTPUT_CHARS]
        self._pixel_budget = [NOTEBOOK_IMAGE_PIXELS]
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell, resources, index):
        budget = getattr(self, "_budget", [NOTEBOOK_MARKDOWN_CHARS, NOTEBOOK_MARKDOWN_TAGS])
        outputs = getattr(self, "_output_budget", [NOTEBOOK_OUTPUT_CHARS])
        if cell.cell_type == "code":  # Formgrader highlights every code cell with Pygments, in the TA's Jupyter
            # server's one thread and with no limit: a 1.5 MB cell of " .a" froze that server 126 s each time the
            # page was opened, a 6 MB one took 240 CPU-s and 8 GB (round 35). The feedback page's caps, here too.
            cell.source = _shown_code(cell.source, getattr(self, "_code_budget", [NOTEBOOK_CODE_CHARS]))
        # of a cell's metadata, what the course's notebooks hold: nbgrader's (checked against the release before
        # grading), the editable/deletable flags, and the grader's own word that a test cell's checks ran (set on
        # every test cell as it ran). Templates turn the rest into the TA's page: a tag becomes a
        # class of the cell's wrapper, escaped but not split, so "x hidden nbgrader_cell" hid cells from Formgrader and
        # bound a test cell's grade box twice (round 35); jupyter.source_hidden hides a cell's code
        kept = {key: cell.metadata[key] for key in ("nbgrader", "editable", "deletable", RAN_KEY)
                if key in cell.metadata}
        cell.metadata = nbformat.from_dict({key: value for key, value in kept.items()
                                            if key == "nbgrader" or isinstance(value, bool)})
        if cell.cell_type == "markdown":
            # a written answer (one of the release's answer cells, at most one each) is read whole, up to 50,000
            # characters; every other markdown cell is charged to the notebook's budget (round 36: 400 added cells of
            # 50,000 "&", uncharged, made a 100 MB page that kept the TA's server busy 56 s each time it opened)
            answer = cell.metadata.get("nbgrader", {}).get("solution") is True
            cell.source = safe_markdown(cell.source, None if answer else budget)
            cell.pop("attachments", None)
        elif cell.cell_type == "raw":
            # shown as text: a raw cell of no type goes into the page through nbconvert's clean_html, which keeps
            # `id` and `class` on every tag (round 35: a raw cell of the grade ids' elements took Formgrader's
            # "full credit" as round 34's answer did)
            cell.cell_type, cell.source = "markdown", _plain(cell.source, budget, RAW_NOTE)
            cell.pop("attachments", None)
        for output in _outputs_within(cell, outputs):
            data = output.get("data")
            if isinstance(data, dict):
                kept = {k: v for k, v in data.items() if k in INERT_MIMETYPES}
                _pictures_within(kept, getattr(self, "_pixel_budget", [NOTEBOOK_IMAGE_PIXELS]))
                if not kept:
                    kept = {"text/plain": f"[a display of {', '.join(sorted(data))[:200]}, not kept]"}
                output["data"] = kept
                output.get("metadata", {}).clear()
            # no control characters (Formgrader renders outputs with nbconvert's ansi2html too, see _shown_text), and
            # the feedback page's caps; cut at a line break, so that the feedback page, made from this notebook,
            # still finds every line of the hidden tests a test cell's output may quote whole (see _redact)
            for key in ("text", "evalue"):
                if key in output:
                    output[key] = _shown_text(output[key], outputs, whole_lines=True)
            if isinstance(output.get("data"), dict) and "text/plain" in output["data"]:
                output["data"]["text/plain"] = _shown_text(output["data"]["text/plain"], outputs, whole_lines=True)
            if "traceback" in output:
                output["traceback"] = [_shown_text(line, outputs, whole_lines=True) for line in output["traceback"]]
            if "ename" in output:
                output["ename"] = _shown_text(output["ename"], [200])
        return cell, resources
