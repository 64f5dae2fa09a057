"""Feedback pages show what a student wrote and what the kernel displayed, but run none of it."""

import re

import nbformat
import pytest
from nbconvert import HTMLExporter
from nbconvert.filters.markdown_mistune import markdown2html_mistune
from traitlets.config import Config

from grader import feedback
from grader.feedback import HideHiddenTests, safe_markdown

XSS = "xss_mark_feedback"
ANSWER = (f"## My answer\nDDP *replicates* the model: $4P$ bytes.\n\n```python\nok = a < b\n\nz = 2\n```\n\n"
          f"<script>window.{XSS}=1</script> <img src=x onerror='{XSS}()'> <a href='javascript:{XSS}()'>link</a>")


def test_a_written_answer_keeps_its_formatting_but_not_its_scripts():
    html = markdown2html_mistune(safe_markdown(ANSWER))  # what nbgrader's feedback template does with it
    assert "<h2" in html and "<em>replicates</em>" in html and "$4P$" in html and "<pre>" in html
    assert "&#10;&#10;" in html, "a blank line inside a code block must survive"
    assert "<script" not in html and "<img" not in html and "javascript:" not in html
    assert f"&lt;script&gt;window.{XSS}=1&lt;/script&gt;" in html, "the attempt is shown as text"


def test_a_written_answer_names_no_element_of_the_page():
    """Round 34: Formgrader finds each grade's score box as the first element of its grade id ($("#" + id)) and its
    cell by class; a written answer of empty elements with every grade id, moved to the top, took the TA's one
    "full credit" click for all of them. No `id`, `class` or `name` of an answer survives; its text does."""
    answer = ('<span id="written_pipeline_vs_sharding"></span><div class="nbgrader_cell score" id="x">kept text</div>'
              '<a name="anchor" id="y" href="https://example.org" title="t">link</a>\n\n## Heading {#z}')
    html = markdown2html_mistune(safe_markdown(answer))
    assert "kept text" in html and 'href="https://example.org"' in html and "<h2" in html
    assert not re.search(r"\b(id|class|name)\s*=", html), html


def test_displayed_html_and_javascript_do_not_run_in_the_page():
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": f"<b>hi</b><script>{XSS}()</script>"}),
                    nbformat.v4.new_output("display_data", data={"application/javascript": f"{XSS}()"})]
    nb.cells.append(cell)
    nb.cells.append(nbformat.v4.new_markdown_cell(ANSWER))
    nb, _ = HideHiddenTests().preprocess(nb, {})
    config = Config()
    config.HTMLExporter.sanitize_html = True  # as nbgrader_config.py sets it
    config.HTMLExporter.template_name = "classic"
    body, _ = HTMLExporter(config=config).from_notebook_node(nb)
    scripts = [s for s in body.split("<script")[1:] if XSS in s.split("</script>")[0]]
    assert not scripts, scripts


def test_the_course_config_sanitises_feedback():
    text = open("nbgrader_config.py").read()
    assert "c.HTMLExporter.sanitize_html = True" in text


def test_a_cell_of_nested_tags_is_shown_as_plain_text_not_sanitised_for_minutes():
    """A 372 KB markdown cell of nested tags kept the sanitiser busy 11.5 minutes, stalling everyone's feedback."""
    import time
    nested = "<div><span><b>" * 9_000 + "x" + "</b></span></div>" * 9_000
    began = time.process_time()
    html = safe_markdown(nested)
    assert "shown as plain text" in html and "<span>" not in html and "&lt;span&gt;" in html
    assert len(html) < 400_000
    print(f"nested tags, {len(nested):,} characters: {time.process_time() - began:.3f} s of CPU")
    few = "<div><span>" * 50 + "x" + "</span></div>" * 50  # a short answer with tags is still rendered
    assert "shown as plain text" not in safe_markdown(few)


@pytest.mark.parametrize("markdown", [
    "|a|b|\n|-|-|\n" + "|x|y|\n" * 8000,  # 48 KB, no "<": 24,000 tags once rendered (11 s of sanitising)
    "`a" * 24000,  # 12,000 inline code spans
])
def test_markdown_that_renders_to_many_tags_is_shown_as_plain_text(markdown):
    """The tags counted are those of the rendered HTML, which is what the sanitiser's time grows with."""
    html = safe_markdown(markdown)
    assert "shown as plain text" in html and "<td>" not in html and "<code>" not in html


def test_one_notebooks_markdown_has_a_budget_after_which_cells_are_plain_text():
    """Many cells each under the caps (a hand-in of 1,000 tables) render up to the notebook's budget; the rest
    is escaped, in linear time, so that no notebook's page can take more than seconds to sanitise."""
    table = "|a|b|\n|-|-|\n" + "|x|y|\n" * 500  # 1,500 tags: under the cell's cap
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(table) for _ in range(40)]
    nb, _ = HideHiddenTests().preprocess(nb, {})
    plain = [c for c in nb.cells if "shown as plain text" in c.source]
    rendered = [c for c in nb.cells if "<td>" in c.source]
    assert rendered and plain and len(rendered) + len(plain) == 40
    assert sum(c.source.count("<td>") for c in rendered) <= feedback.NOTEBOOK_MARKDOWN_TAGS
    again, _ = HideHiddenTests().preprocess(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(table)]), {})
    assert "<td>" in again.cells[0].source, "the budget is per notebook, not spent for the next one"


def test_hidden_test_lines_a_kernel_printed_are_removed_from_its_outputs():
    """A kernel can read each cell's source with its hidden tests restored (a pre_run_cell hook) and print
    it (round 3 of attacks): the feedback removes those lines from every output of the cell, and keeps the
    rest of what it printed."""
    source = ('"""doc."""\n### BEGIN HIDDEN TESTS\nfrom probes import ps1_memory as probe\n'
              'probe.partition_layers(partition_layers)\n### END HIDDEN TESTS\nassert partition_layers([1], 1)')
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "grade_id": "t", "points": 1, "locked": True}
    leak = "LEAKED\n" + source + "\nthe student's own line\n"
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=leak),
                    nbformat.v4.new_output("display_data", data={"text/plain": leak, "text/html": "<pre>" + leak}),
                    nbformat.v4.new_output("error", ename="ValueError", evalue=leak, traceback=[leak])]
    nb = nbformat.v4.new_notebook()
    nb.cells.append(cell)
    nb, _ = HideHiddenTests().preprocess(nb, {})
    text = nbformat.writes(nb)
    assert "probe.partition_layers(partition_layers)" not in text and "BEGIN HIDDEN TESTS" not in text
    assert "from probes import ps1_memory" not in text
    assert text.count("the student's own line") == 4 and "LEAKED" in text  # text/html is not on the page at all
    assert "text/html" not in text


@pytest.mark.parametrize("ran, says", [(True, feedback.PLACEHOLDER), (False, feedback.NOT_RUN), (None, feedback.UNKNOWN)])
def test_the_feedback_says_whether_the_hidden_tests_ran(ran, says):
    """The grader records, per test cell, whether a hidden check was handed anything; the page says so."""
    cell = nbformat.v4.new_code_cell("### BEGIN HIDDEN TESTS\nprobe.check('x', f)\n### END HIDDEN TESTS\nassert f(1) == 2")
    if ran is not None:
        cell.metadata[feedback.RAN_KEY] = ran
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb, _ = HideHiddenTests().preprocess(nb, {})
    assert nb.cells[0].source.splitlines()[0] == says
    assert "probe.check" not in nb.cells[0].source


def test_an_answer_cell_of_markers_and_outputs_costs_the_page_little():
    """Rounds 16 and 17: unclosed markers by the tens of thousands in an answer cell (a quadratic regex), 80,000 lines
    inside a closed region looked for in 220 outputs, and 3 MB of code Pygments' lexer is slow on each kept a page
    busy for its whole time limit, and later pages waited. Regions are found in one pass, only test cells' lines are
    looked for in outputs, and the page shows at most MAX_CODE_CHARS of a cell."""
    region = "### BEGIN HIDDEN TESTS\n" + "".join(f"# secret line number {i}\n" for i in range(80_000)) + "### END HIDDEN TESTS\n"
    answer = nbformat.v4.new_code_cell("### BEGIN HIDDEN TESTS\n" * 45_000 + region + "a" + " .a" * 1_000_000)
    answer.metadata["nbgrader"] = {"grade": False, "solution": True, "grade_id": "a", "locked": False}
    answer.outputs = [nbformat.v4.new_output("stream", name="stdout", text="# secret line number 7\n" * 600)
                      for _ in range(220)]
    nb = nbformat.v4.new_notebook()
    nb.cells.append(answer)
    nb, _ = HideHiddenTests().preprocess(nb, {})  # under a second now; minutes before (pytest's timeout stops that)
    assert len(nb.cells[0].source) < feedback.MAX_CODE_CHARS + 200 and "more characters of this cell are not shown" in nb.cells[0].source
    assert nb.cells[0].outputs[0]["text"].startswith("# secret line number 7"), "an answer's own output is kept"


def _page(nb) -> str:
    nb, _ = HideHiddenTests().preprocess(nb, {})
    config = Config()
    config.HTMLExporter.sanitize_html = True  # as nbgrader_config.py sets it
    config.HTMLExporter.template_name = "classic"  # whose markdown2html | strip_files_prefix and ansi2html nbgrader's uses
    return HTMLExporter(config=config).from_notebook_node(nb)[0]


def test_what_a_page_gives_the_templates_filters_is_bounded_whatever_the_hand_in():
    """Round 18: the template's filters are slow on text a kernel or a student chooses: strip_files_prefix's regex
    on a line of "![" (50,000 characters: 23 s a cell, six cells a page past its time limit), ansi2html on outputs of
    escapes (2 MB of "\x1b[m" with one character past Latin-1: past the limit). The page now gives them markdown
    without brackets (character references), plain text charged to the notebook's budget, outputs without control
    characters, at most MAX_OUTPUT_CHARS each and NOTEBOOK_OUTPUT_CHARS in all, and no HTML, SVG or JavaScript
    outputs (text/plain instead). This page took minutes before; pytest's timeout stops that."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("![" * 25_001) for _ in range(8)]
    nb.cells.append(nbformat.v4.new_raw_cell("<i>a" * 40_000))  # nbconvert sanitises raw cells: 30 s a page
    code = nbformat.v4.new_code_cell("print('x')")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text="\x1b[m" * 300_000 + "\u20ac") for _ in range(3)]
    code.outputs += [nbformat.v4.new_output("display_data", data={"text/html": "<b>" * 100_000, "text/plain": "<HTML>"}),
                     nbformat.v4.new_output("display_data", data={"image/svg+xml": "<svg/>" * 100_000}),
                     nbformat.v4.new_output("error", ename="ValueError", evalue="\x1b[1m" * 400_000, traceback=["x"])]
    nb.cells.append(code)
    shown, _ = HideHiddenTests().preprocess(nbformat.from_dict(nb), {})
    markdown = [c.source for c in shown.cells if c.cell_type == "markdown"]
    assert not any("[" in m or "]" in m for m in markdown), "strip_files_prefix's regex starts at every ["
    assert sum(m.count("!&#91;") for m in markdown) <= feedback.NOTEBOOK_MARKDOWN_CHARS // 2 + 10, "plain text is charged"
    import html as html_module
    assert "more characters not shown" in markdown[-1] and feedback.RAW_NOTE in html_module.unescape(markdown[-1])
    assert "<i>" not in markdown[-1], "the raw cell is escaped text"
    outs = shown.cells[-1].outputs
    texts = [o.get("text") or o.get("evalue") or o["data"].get("text/plain", "") for o in outs]
    assert not any("\x1b" in t for t in texts)
    assert all(len(t) <= feedback.MAX_OUTPUT_CHARS + 100 for t in texts)
    assert sum(len(t) for t in texts) <= feedback.NOTEBOOK_OUTPUT_CHARS + 600
    assert "more characters of this output are not shown" in outs[0]["text"]
    assert list(outs[3]["data"]) == ["text/plain"] and outs[3]["data"]["text/plain"] == "<HTML>"
    assert "not shown in feedback" in outs[4]["data"]["text/plain"] and "image/svg+xml" not in outs[4]["data"]
    page = _page(nb)
    assert "<b><b>" not in page and "more characters of this output are not shown" in page


def test_brackets_in_a_written_answer_still_read_as_brackets():
    html = markdown2html_mistune(safe_markdown("A list [1, 2] and ![alt](files/x.png) as text"))
    assert "&#91;1, 2&#93;" in html or "[1, 2]" in html
    import html as html_module
    assert "[1, 2]" in html_module.unescape(html)


def test_the_student_never_picks_the_lexer():
    """Round 20: Pygments has about 600 lexers, some quadratic on text a student chooses (X++ on "a\\n": 8,000
    characters took 51 s), and the student picked them: a fenced block's info string in a written answer (rendered
    in the grading process) and a code cell's `magics_language` (the page's highlight filter). Fenced blocks are
    shown escaped, never highlighted, and every code cell is shown as plain text (round 36: IPython's lexer hands a
    `%%perl` cell to Perl's, quadratic, and Python's is quadratic on lines of blanks), in the feedback page and in
    the graded notebook Formgrader shows."""
    fenced = "```xpp\n" + "a\n" * 8_000 + "```"
    html = safe_markdown(fenced)
    assert "<pre><code" in html and "highlight" not in html, "the fenced block went through a lexer"
    nb = nbformat.v4.new_notebook()
    nb.metadata["language_info"] = {"name": "xpp", "pygments_lexer": "xpp"}
    code = nbformat.v4.new_code_cell("def f(x):\n    return x  # a comment")
    code.metadata["magics_language"] = "xpp"
    nb.cells = [nbformat.v4.new_markdown_cell(fenced), code, nbformat.v4.new_code_cell("%%perl\n" + "s<" * 9_990),
                nbformat.v4.new_code_cell("\n " * 10_000), nbformat.v4.new_code_cell(" .a" * 6_666)]
    for preprocessor in (HideHiddenTests(), feedback.InertForTheBrowser()):
        shown, _ = preprocessor.preprocess(nbformat.from_dict(nb), {})
        assert shown.metadata["language_info"]["pygments_lexer"] == "text"
        assert "magics_language" not in shown.cells[1].metadata
        assert "highlight" not in shown.cells[0].source
    page = _page(nb)  # a minute or more with IPython's lexer; pytest's timeout stops that
    assert "highlight" not in page.split("<pre><code", 1)[1].split("</code></pre>", 1)[0]
    assert "def f(x):" in page and '<span class="k">' not in page, "a code cell went through a lexer"


def _graded(grade_id, cell_type="markdown", source="", solution=True, grade=True):
    maker = nbformat.v4.new_markdown_cell if cell_type == "markdown" else nbformat.v4.new_code_cell
    cell = maker(source)
    cell.metadata["nbgrader"] = {"grade_id": grade_id, "solution": solution, "grade": grade, "points": 1,
                                 "locked": False}
    return cell


def test_the_graded_notebooks_page_is_bounded_as_escaped_and_written_answers_stay_whole():
    """Round 36: the graded notebook charged no plain text to its budget and counted characters as written, while
    the page holds them escaped ("&" is five): 400 added cells of 50,000 "&" made a 100 MB graded notebook, and
    Formgrader's page of it kept the TA's Jupyter server busy 56 s each time it opened. Every markdown and raw cell
    but the written answers, the code and the outputs are charged, as escaped, to the feedback page's budgets; a
    written answer (one per answer cell of the release) keeps its first 50,000 characters of the page."""
    answer = _graded("written_1", source="My answer: " + "word " * 8_000)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("&" * 50_000) for _ in range(400)] + [answer]
    nb.cells += [nbformat.v4.new_raw_cell('"' * 50_000) for _ in range(50)]
    code = nbformat.v4.new_code_cell("print('&' * 2_000_000)")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text="&<\n" * 500_000) for _ in range(5)]
    code.outputs.append(nbformat.v4.new_output("error", ename="E", evalue="&" * 1_000_000, traceback=["<" * 10**6] * 60))
    nb.cells.append(code)
    shown, _ = feedback.InertForTheBrowser().preprocess(nbformat.from_dict(nb), {})
    written = [c.source for c in shown.cells if c.cell_type == "markdown"]
    assert sum(map(len, written)) < 2 * feedback.NOTEBOOK_MARKDOWN_CHARS + 2 * feedback.MAX_MARKDOWN_CHARS + 400 * 300
    assert "word " * 7_999 + "word" in next(s for s in written if "My answer" in s), "the written answer is cut"
    outs = shown.cells[-1].outputs
    texts = [o.get("text") or o.get("evalue") for o in outs] + outs[-1]["traceback"]
    assert sum(feedback.page_cost(t) for t in texts) < feedback.NOTEBOOK_OUTPUT_CHARS + 61 * 200
    assert "more characters of this output are not shown" in outs[0]["text"]
    assert all(line in ("&<", "") or "more characters" in line for line in outs[0]["text"].split("\n")), \
        "an output is cut at a line break"


def test_the_feedback_page_redacts_a_hidden_line_the_graded_notebook_cut_through():
    """The feedback page is made from the graded notebook and removes each line of a test cell's output that quotes a
    hidden-test line whole. The graded notebook cuts long outputs now: at a line break, so that no start of a hidden
    line is left to show (a kernel can print its cell's source, hidden tests restored)."""
    secret = "assert answer == 12345678, 'the hidden expectation'"
    test = _graded("check_answer", "code", f"### BEGIN HIDDEN TESTS\n{secret}\n### END HIDDEN TESTS", solution=False)
    pad = "x" * (feedback.MAX_OUTPUT_CHARS - 20) + "\n"
    test.outputs = [nbformat.v4.new_output("stream", name="stdout", text=pad + secret + "\n")]
    nb = nbformat.v4.new_notebook(cells=[test])
    graded, _ = feedback.InertForTheBrowser().preprocess(nbformat.from_dict(nb), {})
    page, _ = HideHiddenTests().preprocess(graded, {})
    assert "assert answer" not in page.cells[0].outputs[0]["text"], page.cells[0].outputs[0]["text"][-300:]


def test_the_graded_notebook_shows_the_releases_graded_cells_in_its_order_and_all_of_them(tmp_path):
    """Round 36: Formgrader's keyboard flow counts score boxes in page order; a hand-in that moved an answer cell
    below a written one took the score the TA typed for that written answer, student after student, into its
    extra credit (no maximum). The graded cells are shown in the release's order, a deleted one put back as the
    release has it, saying so; the student's own cells stay where they were."""
    release = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("intro"), _graded("code_answer", "code", "# YOUR CODE HERE", grade=False),
        _graded("written_1", source="YOUR ANSWER HERE"), _graded("written_2", source="YOUR ANSWER HERE"),
        _graded("check", "code", "assert f() == 1", solution=False)])
    path = tmp_path / "release.ipynb"
    nbformat.write(release, path)
    hand_in = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("intro"), _graded("written_1", source="mine 1"),
        nbformat.v4.new_markdown_cell("my own note"), _graded("check", "code", "assert f() == 1", solution=False),
        _graded("code_answer", "code", "def f():\n    return 1", grade=False)])
    shown, _ = feedback.InertForTheBrowser(release=str(path)).preprocess(nbformat.from_dict(hand_in), {})
    ids = [feedback._grade_id(c) for c in shown.cells]
    assert [i for i in ids if i] == ["code_answer", "written_1", "written_2", "check"], ids
    assert ids.index(None, 1) == 2 and "my own note" in shown.cells[2].source, "the student's own cell moved"
    restored = shown.cells[ids.index("written_2")]
    import html as html_module
    assert feedback.DELETED_NOTE in html_module.unescape(restored.source) and "YOUR ANSWER HERE" in restored.source
    assert "def f()" in shown.cells[ids.index("code_answer")].source


@pytest.mark.parametrize("answer", [
    r"$\cssId{written_1}{x}$", r"$\class{nbgrader_cell}{x}$", r"$\href{javascript:alert(1)}{click}$",
    r"$\require{https://example.org/x.js}$", r"$\style{position:fixed}{x}$", r"$\class1{a}{b}$",
    r"<div>\(\&#x63;ssId{written_1}{x}\)</div>", r"<span>&#36;\c&#115;sId{a}{b}&#36;</span>",
    r"&#92;(&#92;cssId{a}{b}&#92;)"])
def test_math_in_an_answer_gives_the_page_no_id_class_style_link_or_code(answer):
    """Round 36 (a lead): MathJax, which Formgrader's and the feedback pages load, typesets TeX commands that give
    an element an id, class or style (\\cssId of a grade id would be round 34's hijack of the score boxes again), a
    link (\\href{javascript:...}) or load code (\\require), also when spelled with character references. They are
    shown and do nothing; other math is as written."""
    import html as html_module

    text = html_module.unescape(safe_markdown(answer))  # what MathJax reads: the page's text
    assert not re.search(r"\\(cssId|class|href|require|style)(?![A-Za-z])", text), text
    assert "backslash{}" in text
    assert safe_markdown(r"$\frac{a}{b} \times \classify$") == r"<div><p>$\frac{a}{b} \times \classify$</p>&#10;</div>"


def test_a_page_shows_a_bounded_number_of_outputs():
    """Round 37: 19,000 empty outputs, under every cap on text, made a Formgrader page of 1.6 MB that kept the TA's
    server busy 7.4 s. Each output costs the page's output budget OUTPUT_COST besides its text; the rest of a cell's
    outputs are left out, said in one output (in both pages)."""
    cell = nbformat.v4.new_code_cell("for _ in range(19_000): display('')")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/plain": ""}) for _ in range(19_000)]
    later = nbformat.v4.new_code_cell("print(1)")
    later.outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    nb = nbformat.v4.new_notebook(cells=[cell, later])
    most = feedback.NOTEBOOK_OUTPUT_CHARS // feedback.OUTPUT_COST
    for preprocessor in (HideHiddenTests(), feedback.InertForTheBrowser()):
        shown, _ = preprocessor.preprocess(nbformat.from_dict(nb), {})
        outs = [o for c in shown.cells for o in c.outputs]
        assert len(outs) <= most + 2, len(outs)
        assert "more outputs of this cell are not shown" in shown.cells[0].outputs[-1]["text"]


@pytest.mark.parametrize("link", ["..%2f..%2f..%2fsubmitted%2fmallory%2fps1_memory%2ffigure.html", "figure.html",
                                  "/files/submitted/x.html", "%2e%2e/x", "//evil.example/x", "http:/x", "https:\\\\evil",
                                  # round 42: the TA's own server by an absolute link, in any form a browser reads
                                  "http://localhost:8888/nbconvert/html/submitted/m/ps1_memory/ps1_memory.ipynb",
                                  "http://127.1:8888/x", "http://%6c%6fcalhost:8888/x", "http://[::1]:8888/x",
                                  "http://0x7f.1/x", "http://ta@LOCALHOST./x", "http://[::ffff:127.0.0.1]/x",
                                  # round 43: what a URL parser removes or folds (a tab, fullwidth letters and digits)
                                  "http://local&#9;host:8888/x", "http://local&#10;host/x",
                                  "http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54:8888/x",
                                  "http://\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11/x",
                                  "http://localhost\u3002/x", "http://10.1.2.3/x", "https://example.org:80@localhost/x"])
def test_a_written_answer_keeps_no_link_into_the_tas_own_server(link):
    """Round 37: a link without a scheme resolves against the TA's page, on the TA's own Jupyter server, and
    `..%2f` reached a handed-in HTML page through Formgrader's file route, as the TA: one click rewrote the class's
    grades. Only links to another site (http, https) or an address (mailto) keep their target."""
    html = safe_markdown(f"[see the plot]({link}) and [the docs](https://pytorch.org/docs/stable/distributed.html)")
    assert "see the plot</a>" in html and "href" in html
    assert html.count("href=") == 1 and 'href="https://pytorch.org/docs/stable/distributed.html"' in html, html


def _png(width: int, height: int) -> str:
    """A one-bit, all-black PNG of that size, base64 (a few kB even at 23,000 x 23,000: zeros compress)."""
    import base64
    import struct
    import zlib

    row = b"\x00" * (1 + (width + 7) // 8)
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return base64.b64encode(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body)
                            + chunk(b"IEND", b"")).decode()


def test_an_image_that_decodes_to_gigabytes_is_not_shown_and_plots_are():
    """Round 40: the pages kept PNG and JPEG outputs bounded only by their size on the wire, and a 64 kB one-bit PNG
    of 23,000 x 23,000 pixels decodes to 2.1 GB: 8 of them took the TA's browser 120 s and 2.5 GB. An image is shown
    if its header gives a size of at most MAX_IMAGE_PIXELS and the notebook's images stay within
    NOTEBOOK_IMAGE_PIXELS; else it is left out, said in its text (in both pages). A real plot (PNG and JPEG) stays."""
    import base64
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure = plt.figure(figsize=(4, 3))
    plots = {}
    for kind in ("png", "jpeg"):
        buffer = io.BytesIO()
        figure.savefig(buffer, format=kind)
        plots[f"image/{kind}"] = base64.b64encode(buffer.getvalue()).decode()
    plt.close(figure)
    cells = []
    for data in ({"image/png": _png(23_000, 23_000), "text/plain": "<Figure>"}, {"image/png": "not an image"},
                 plots, *({"image/png": _png(4000, 4000)} for _ in range(5))):
        cell = nbformat.v4.new_code_cell("show()")
        cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
        cells.append(cell)
    nb = nbformat.v4.new_notebook(cells=cells)
    for preprocessor in (HideHiddenTests(), feedback.InertForTheBrowser()):
        shown, _ = preprocessor.preprocess(nbformat.from_dict(nb), {})
        data = [c.outputs[0]["data"] for c in shown.cells]
        assert "image/png" not in data[0] and "23,000 x 23,000 pixels, not shown" in data[0]["text/plain"], data[0]
        assert "image/png" not in data[1] and "does not say" in data[1]["text/plain"], data[1]
        assert set(data[2]) >= {"image/png", "image/jpeg"}, "a plot must stay"
        kept = sum("image/png" in d for d in data[3:])
        assert kept == feedback.NOTEBOOK_IMAGE_PIXELS // (4000 * 4000) and kept < 5, kept  # the notebook's budget
        assert all(feedback.image_size(m, v)[0] * feedback.image_size(m, v)[1] <= feedback.MAX_IMAGE_PIXELS
                   for d in data for m, v in d.items() if m.startswith("image/"))


def _sof(width: int, height: int) -> bytes:
    import struct

    return b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"


@pytest.mark.parametrize("body", [
    # round 41: a restart marker (no length) where the walk expected one, then the real frame, then a comment holding
    # a small frame the walk landed on; and a fill byte (FF FF) the walk read as a marker with a length
    b"\xff\xd0" + _sof(23_000, 23_000) + b"\xff\xfe\x00\x0f" + _sof(16, 16),
    b"\xff\xff\x00\x10" + b"\x00" * 12 + _sof(16, 16) + _sof(23_000, 23_000),
    _sof(1_000, 0),  # its height in a later DNL marker: counted as the tallest (65,535 lines)
])
def test_a_jpeg_is_measured_by_the_largest_frame_it_declares_anywhere(body):
    """Round 41: the size of a JPEG was read by walking its markers, and decoders walk them otherwise (fill bytes,
    markers without a length, comments): the walk found a 16 x 16 frame where browsers decoded 23,000 x 23,000. Every
    start-of-frame pair anywhere in the file counts; the largest decides."""
    import base64

    data = base64.b64encode(b"\xff\xd8" + body + b"\xff\xd9").decode()
    size = feedback.image_size("image/jpeg", data)
    assert size is not None and size[0] * size[1] > feedback.MAX_IMAGE_PIXELS, size
    shown = {"image/jpeg": data}
    feedback._pictures_within(shown, [feedback.NOTEBOOK_IMAGE_PIXELS])
    assert "image/jpeg" not in shown and "not shown" in shown["text/plain"], shown
    # round 41: a 4096 x 4096 progressive JPEG of 10,000 repeated scans took a browser 65-103 s: a decode costs its
    # pixels once a scan, and more than MAX_JPEG_SCANS is no size
    scans = b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00" * (feedback.MAX_JPEG_SCANS + 1)
    many = base64.b64encode(b"\xff\xd8" + _sof(4096, 4096) + scans + b"\xff\xd9").decode()
    few = base64.b64encode(b"\xff\xd8" + _sof(4096, 4096) + scans[:100] + b"\xff\xd9").decode()
    assert feedback.image_size("image/jpeg", many) is None and feedback.image_size("image/jpeg", few) == (4096, 4096)
    # round 42: text a browser decodes otherwise than Python (a data: URL is percent-decoded first): no size
    assert feedback.image_size("image/jpeg", few[:40] + "%ff" + few[40:]) is None
    assert feedback.image_size("image/png", "%89" + _png(16, 16)) is None
    # an animated PNG (acTL): decoded again for every frame as it loops, not shown
    import base64 as b64

    still = b64.b64decode(_png(16, 16))
    animated = still[:33] + b"\x00\x00\x00\x08acTL\x00\x00\x00\xc8\x00\x00\x00\x00\x00\x00\x00\x00" + still[33:]
    assert feedback.image_size("image/png", _png(16, 16)) == (16, 16)
    assert feedback.image_size("image/png", b64.b64encode(animated).decode()) is None
    # and an image under another type than its own (browsers go by its bytes): no size, not shown
    for mime, value in (("image/png", data), ("image/jpeg", _png(16, 16))):
        assert feedback.image_size(mime, value) is None


@pytest.mark.parametrize("marks", ["\u0301", "\u0301\u0316", "\u20dd", "\u0903", "\U0001e8d0", "\U0001f3fb",
                                   "\u200d", "\U000e0041", "\uff9e", "\u0600"],
                         ids=["acute", "above-below", "enclosing", "spacing", "mende-kikakui", "skin-tone", "zwj",
                              "tag", "halfwidth-sound-mark", "prepend"])
def test_no_page_shows_a_run_of_more_than_thirty_combining_marks(marks):
    """Round 43: a browser lays out a letter and the marks after it as one unit, at a cost that grows faster than
    their number: a hand-in that filled every cap with runs of thousands of marks made its Formgrader page take 32 s
    to load and 64 s to paint. Both pages now cut every run after 30 marks (Unicode's Stream-Safe limit, UAX #15),
    wherever the text comes from: a written answer, other markdown, a raw cell, code, and every part of an output.
    A run of 30 and ordinary accented text are shown as written. Round 47: characters a browser joins into one
    cluster that are not marks by category (skin-tone modifiers: 50,000 after one emoji did not paint in 300 s; joiners,
    tags, halfwidth sound marks, prepended marks) are cut as marks are."""
    run = "a" + marks * (50_000 // len(marks))
    ordinary = "Vi\u1ec7t, cafe\u0301, \u0928\u092e\u0938\u094d\u0924\u0947, " + "o" + "\u0308" * 30
    nb = nbformat.v4.new_notebook()
    nb.cells = [_graded("written_1", source=ordinary + " " + run), nbformat.v4.new_markdown_cell(run),
                nbformat.v4.new_raw_cell(run), nbformat.v4.new_markdown_cell("<b>" + run + "</b>")]
    code = nbformat.v4.new_code_cell(f"print('{run}')")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text=run),
                    nbformat.v4.new_output("display_data", data={"text/plain": run}),
                    nbformat.v4.new_output("error", ename="E" + run[:5_000], evalue=run, traceback=[run])]
    nb.cells.append(code)
    too_long = re.compile("[\u0300-\u036f\u0316\u20d0-\u20ff\u0900-\u097f\U0001e8d0-\U0001e8d6\U0001f3fb-\U0001f3ff"
                          "\u200d\U000e0020-\U000e007f\uff9e\uff9f\u0600-\u0605]{31,}")
    for step in (HideHiddenTests(), feedback.InertForTheBrowser()):
        shown, _ = step.preprocess(nbformat.from_dict(nb), {})
        texts = [cell.source for cell in shown.cells]
        for output in shown.cells[-1].outputs:
            texts += [output.get("text", ""), output.get("evalue", ""), output.get("ename", ""),
                      output.get("data", {}).get("text/plain", "")] + output.get("traceback", [])
        assert not any(too_long.search(text) for text in texts), type(step).__name__
        assert all(re.search(r"\+[0-9,]+ marks", text) for text in texts[:4]), "each cut says what it left out"
        assert ordinary in texts[0]
    page = _page(nb)
    assert not too_long.search(page) and ordinary in page
    assert feedback.fold_marks(run + run) == 2 * (run[:31] + f"[+{len(run) - 31:,} marks]")


@pytest.mark.parametrize("spelled", ["references", "tags", "controls", "two-streams"])
def test_a_run_of_marks_split_on_the_way_is_cut_where_the_browser_joins_it(spelled):
    """Round 45: the first cut ran before the last step that joins text: character references the sanitiser
    spelled out (`&#769;`), a control character removed from between two runs, tags (a browser lays out a letter
    and every mark after it as one cluster whatever elements lie between), and two stream outputs, which nbconvert
    joins. Both pages cut what the browser gets: no cluster of more than 30 marks."""
    piece = "\u0301" * 30
    if spelled == "references":
        text = "a" + (piece + "&#769;&#x301;") * 600
    elif spelled == "tags":
        text = "a" + ("<b>" + piece + "</b><i></i>") * 400  # within the tags a cell renders
    elif spelled == "controls":
        text = "a" + (piece + "\x01") * 600
    else:
        text = "a" + piece
    nb = nbformat.v4.new_notebook()
    nb.cells = [_graded("written_1", source=text), nbformat.v4.new_markdown_cell(text)]
    code = nbformat.v4.new_code_cell("print()")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    code.outputs += [nbformat.v4.new_output("stream", name="stdout", text=piece)
                     for _ in range(300 if spelled == "two-streams" else 0)]
    nb.cells.append(code)
    cluster = re.compile("[a\u0301\u25cc](?:\u0301|<[^<>]*>)*")  # JupyterLab shows a cell's streams as one text
    graded = feedback.InertForTheBrowser().preprocess(nbformat.from_dict(nb), {})[0]
    joined = "".join(output.get("text", "") for output in graded.cells[-1].outputs)  # as JupyterLab shows them
    assert max(match[0].count("\u0301") for match in cluster.finditer(joined)) <= feedback.MAX_MARK_RUN
    for page in (_page(nb), _page(graded)):
        # numeric references read as the browser reads them; &lt; stays text, not a tag
        page = re.sub(r"&#(x?)([0-9a-fA-F]+);", lambda m: chr(int(m[2], 16 if m[1] else 10)), page)
        longest = max(match[0].count("\u0301") for match in cluster.finditer(page))
        assert longest <= feedback.MAX_MARK_RUN, f"a cluster of {longest} marks"


def test_text_that_changes_script_at_every_character_costs_its_page_what_a_browser_pays():
    """Round 45: a browser shapes each run of one script apart and looks a font up for it; text whose script changes
    at every character (`a一a一...`) filled to every cap as characters made a Formgrader page take 45 s to load and
    116 s to paint. Each change of script costs SCRIPT_CHANGE_COST characters of the page's budgets now: such text
    gets a sixteenth of them. Prose in ASCII and Latin letters pays nothing for it; spaces and line breaks belong
    to any script."""
    mixed = "a\u4e00" * 25_000
    prose = {"en": "Gradients: 42 all-reduces, each (4P) bytes. " * 400, "vi": "Việt Nam, cà phê. " * 800,
             "fr": "Le modèle répliqué, naïf. " * 700}  # each under an output's cap
    assert not any(feedback.script_changes(text) for text in prose.values())
    assert not feedback.script_changes("Привет мир\nпока") and not feedback.script_changes("中文的句子和词语")
    # round 46: a table of scripts coarser than the browser's let these through; each change of block counts
    # round 47: names' first words name forms, not scripts (CIRCLED, HALFWIDTH, PARENTHESIZED, MATHEMATICAL): the
    # Script property, and for characters of no one script the word and the block
    for pair in ("\u4e00\uff21", "\ud55c\uff76", "\U0001f600" + "1", "\u4e00\u3042", "\u0710\u0750",
                 "\u3260\u32d0", "\uff71\uffa1", "\u3200\u3220", "\u24d0\u3260", "\u02b0\u1d5d", "\U0001d400\u0391",
                 "\u2460\u3280"):
        assert len(feedback.script_changes(pair * 100)) == 199, pair
    assert len(feedback.script_changes(mixed)) == len(mixed) - 1
    nb = nbformat.v4.new_notebook()
    nb.cells = [_graded("written_1", source=mixed)] + [nbformat.v4.new_markdown_cell(mixed) for _ in range(4)]
    code = nbformat.v4.new_code_cell("print()")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text=mixed) for _ in range(10)]
    nb.cells.append(code)
    budgets = 2 * feedback.MAX_MARKDOWN_CHARS + feedback.NOTEBOOK_MARKDOWN_CHARS + feedback.NOTEBOOK_OUTPUT_CHARS
    for step in (HideHiddenTests(), feedback.InertForTheBrowser()):
        shown, _ = step.preprocess(nbformat.from_dict(nb), {})
        texts = [cell.source for cell in shown.cells] + [o.get("text", "") for o in shown.cells[-1].outputs]
        changes = sum(len(feedback.script_changes(text)) for text in texts)
        assert changes <= budgets // feedback.SCRIPT_CHANGE_COST + 100, (type(step).__name__, changes)
    for text in prose.values():  # whole, as any text under the caps
        assert feedback._shown_text(text, [feedback.NOTEBOOK_OUTPUT_CHARS]) == text
