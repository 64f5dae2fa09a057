"""nbgrader's exchange with the course's commands (grader/exchange.py), through the real `nbgrader` command line.

Round 46: the exchange's root is every student's to write, and nbgrader's commands follow links and accept folders of
anyone's; with the course's folder swapped for a link or made by a student first, the TA as root wrote and deleted
outside the course, `release_assignment --force` deleted the course's source notebook, and a student read others'
hand-ins and served her own release. Here every command checks the folders it will use first, and refuses with a
message that says which folder, why and what to do. A student's swaps are made here by root and handed to uid 65534
(`chown`): the same folders she would have made, so the test needs root."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys

import nbformat
import pytest

from grader.course import venv_env

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "ps0_exchange"
STUDENT = 65534  # the student who swaps folders

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                                reason="makes folders of another user's (chown): run as root, as CI does")


def _nbgrader(cwd, *args):
    run = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, env=venv_env(),
                         capture_output=True, text=True, timeout=120)
    return run.returncode, run.stdout + run.stderr


@pytest.fixture
def exchange(tmp_path):
    """A course folder with a released notebook and a graded hand-in's feedback, an empty student folder, and the
    exchange's root (not made yet): (ta, student, root, run), run(who, *args) -> (returncode, output)."""
    ta, student, root = tmp_path / "course", tmp_path / "student", tmp_path / "exchange"
    (ta / "release" / NAME).mkdir(parents=True)
    student.mkdir()
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), ta)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")])
    nbformat.write(nb, ta / "release" / NAME / f"{NAME}.ipynb")
    feedback = ta / "feedback" / "aaron" / NAME
    feedback.mkdir(parents=True)
    (feedback / f"{NAME}.html").write_text("<p>aaron's feedback</p>")
    (feedback / "timestamp.txt").write_text("2026-01-01 00:00:00.000000 UTC")
    (feedback / "submission_secret.txt").write_text("secret-of-aarons-hand-in")
    where = [f"--Exchange.root={root}", f"--Exchange.cache={tmp_path / 'cache'}", "--CourseDirectory.course_id=distcourse"]

    def run(who, *args):
        return _nbgrader(ta if who == "ta" else student, *args, *where)

    return ta, student, root, run


def test_a_round_trip_through_the_exchange_works_and_leaves_it_safe(exchange):
    """Release into a root not made yet, fetch, submit, collect, release feedback, fetch it: every command works, the
    root is made sticky (nbgrader makes it 0777: any student could rename the course's folder) and so is `inbound`."""
    ta, student, root, run = exchange
    code, said = run("ta", "release_assignment", NAME)
    assert code == 0, said
    assert os.stat(root).st_mode & 0o7777 == 0o1777
    assert os.stat(root / "distcourse" / "inbound").st_mode & 0o1000, "inbound is sticky"
    code, said = run("student", "fetch_assignment", NAME)
    assert code == 0 and (student / NAME / f"{NAME}.ipynb").is_file(), said
    code, said = run("student", "submit", NAME)
    assert code == 0 and len(os.listdir(root / "distcourse" / "inbound")) == 1, said
    # round 48: the cache keeps the hand-in's secret, which names her feedback page: hers alone
    assert (student.parent / "cache" / "distcourse").stat().st_mode & 0o777 == 0o700
    secrets = list((student.parent / "cache" / "distcourse").glob("*/submission_secret.txt"))  # born so (round 49:
    assert secrets and all(not p.stat().st_mode & 0o077 for p in secrets)  # a descriptor held through the window)
    code, said = run("ta", "collect", NAME)
    assert code == 0 and list((ta / "submitted").glob(f"*/{NAME}/{NAME}.ipynb")), said
    code, said = run("ta", "release_feedback", NAME)
    assert code == 0 and len(os.listdir(root / "distcourse" / "feedback")) == 1, said
    code, said = run("student", "list", "--inbound")
    assert code == 0, said
    code, said = run("ta", "list", "--remove", NAME)
    assert code == 0 and not (root / "distcourse" / "outbound" / NAME).exists(), said


def _released(exchange):
    ta, student, root, run = exchange
    code, said = run("ta", "release_assignment", NAME)
    assert code == 0, said
    code, said = run("ta", "release_feedback", NAME)
    assert code == 0, said
    return root / "distcourse"


def _chown_tree(path, uid):
    os.lchown(path, uid, uid)
    for folder, dirs, files in os.walk(path):
        for name in dirs + files:
            os.lchown(os.path.join(folder, name), uid, uid)


def _course_is_a_link(course, victim):
    """Round 46's a03: the course's folder moved aside, `distcourse -> victim` (any folder of root's)."""
    os.rename(course, course.parent / "moved-aside")
    os.symlink(victim, course)


def _course_made_by_the_student(course, victim):
    """Round 46's a04/a07: her own course folder, before the TA's first release (or in place of the TA's), with her
    own release notebook in outbound (a trojan) and an inbound of hers, where hand-ins land."""
    os.rename(course, course.parent / "moved-aside")
    trojan = course / "outbound" / NAME
    trojan.mkdir(parents=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('TROJAN')")]),
                   trojan / f"{NAME}.ipynb")
    (course / "inbound").mkdir(mode=0o777)
    (course / "feedback").mkdir()
    _chown_tree(course, STUDENT)


def _outbound_is_a_link(course, victim):
    """Round 46's a03 one level down: outbound and feedback links to folders outside the course."""
    for name in ("outbound", "feedback"):
        shutil.rmtree(course / name)
        os.symlink(victim, course / name)


def _inbound_is_the_students(course, victim):
    """Round 46's a05/a06: an inbound folder of the student's, where she reads and removes others' hand-ins."""
    shutil.rmtree(course / "inbound")
    (course / "inbound").mkdir(mode=0o777)
    os.chown(course / "inbound", STUDENT, STUDENT)


def _outbound_others_may_write(course, victim):
    """An outbound folder every user may write: any student may replace the release."""
    os.chmod(course / "outbound", 0o777)


SWAPS = [_course_is_a_link, _course_made_by_the_student, _outbound_is_a_link, _inbound_is_the_students,
         _outbound_others_may_write]
COMMANDS = [("ta", "release_assignment", NAME, "--force"), ("ta", "release_feedback", NAME), ("ta", "collect", NAME),
            ("ta", "list", "--remove", NAME), ("ta", "list", "--inbound"), ("student", "fetch_assignment", NAME),
            ("student", "fetch_feedback", NAME), ("student", "submit", NAME), ("student", "list", "--inbound")]


@pytest.mark.parametrize("swap", SWAPS, ids=lambda f: f.__name__.strip("_"))
def test_every_exchange_command_refuses_folders_a_student_could_have_swapped(exchange, tmp_path, swap):
    """Each swap a student can make in the exchange (or could before round 46's fixes), and every command, the TA's
    and the student's: refused with the folder and the reason, nothing written or removed outside the course, nothing
    of hers fetched."""
    ta, student, root, run = exchange
    course = _released(exchange)
    (student / NAME).mkdir()  # the student's own copy, handed in by `submit`
    nbformat.write(nbformat.v4.new_notebook(), student / NAME / f"{NAME}.ipynb")
    victim = tmp_path / "victim"  # stands for /etc, or the course's own source/: root's, outside the exchange
    (victim / NAME).mkdir(parents=True)
    (victim / NAME / "keep.txt").write_text("root's")
    swap(course, victim)
    before = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if "student" not in p.parts)
    for who, *args in COMMANDS:
        if args[0] == "fetch_assignment":
            shutil.rmtree(student / NAME, ignore_errors=True)
        code, said = run(who, *args)
        assert code != 0 and "the exchange is not safe to use" in said, (who, args, said[-2000:])
        assert (victim / NAME / "keep.txt").read_text() == "root's", (who, args)
        if args[0] == "fetch_assignment":
            assert not (student / NAME).exists(), "nothing of hers was fetched"
            (student / NAME).mkdir()
            nbformat.write(nbformat.v4.new_notebook(), student / NAME / f"{NAME}.ipynb")
    after = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if "student" not in p.parts)
    assert after == before, "no command wrote or removed anything"


def test_an_exchange_root_others_may_swap_or_replace_is_refused(exchange, tmp_path):
    """A root every user may write and not sticky is made sticky by the TA who owns it (a student is told to ask for
    it); the TA refuses a root of another user's (its owner may remove anything in it; a student trusts the root's
    owner: she cannot tell who else is the TA), and everyone a root below a folder others may write."""
    ta, student, root, run = exchange
    course = _released(exchange)
    os.chmod(root, 0o777)
    code, said = run("student", "fetch_assignment", NAME)
    assert code != 0 and "not sticky" in said and f"chmod +t {root}" in said, said
    code, said = run("ta", "release_assignment", NAME, "--force")
    assert code == 0 and os.stat(root).st_mode & 0o1000, said
    os.chown(root, STUDENT, STUDENT)
    code, said = run("ta", "release_assignment", NAME, "--force")
    assert code != 0 and "belongs to uid 65534, who may remove anything in it" in said, said
    os.chown(root, 0, 0)
    (tmp_path / "shared").mkdir()
    os.chmod(tmp_path / "shared", 0o777)
    os.rename(root, tmp_path / "shared" / "exchange")
    for cwd in (ta, student):
        code, said = _nbgrader(cwd, "release_assignment" if cwd == ta else "fetch_assignment", NAME,
                               f"--Exchange.root={tmp_path / 'shared' / 'exchange'}", "--CourseDirectory.course_id=distcourse")
        assert code != 0 and "a folder above the exchange" in said and "every user may write it" in said, said
    assert course.parent.name == "exchange"
    # round 47: the TA's release made a missing root before it checked the folders above (as root, in a folder of the
    # student's, or through her link: a folder of root's mode 1777 wherever she pointed); it checks them first now
    (tmp_path / "hers").mkdir()
    os.chown(tmp_path / "hers", STUDENT, STUDENT)
    for where, told in (("hers", "belongs to another user (uid 65534)"), ("missing", "cannot be created")):
        code, said = _nbgrader(ta, "release_assignment", NAME, f"--Exchange.root={tmp_path / where / 'exchange'}",
                               "--CourseDirectory.course_id=distcourse")
        assert code != 0 and told in said, said
    assert os.listdir(tmp_path / "hers") == [] and not (tmp_path / "missing").exists()


def test_a_student_trusts_a_course_folder_of_a_named_instructor(exchange):
    """A course folder of another user is refused to a student unless GuardedExchange.instructors names its owner
    (the TA releasing as herself into a root an administrator made)."""
    import pwd

    ta, student, root, run = exchange
    course = _released(exchange)
    _chown_tree(course, STUDENT)
    code, said = run("student", "fetch_assignment", NAME)
    assert code != 0 and "GuardedExchange.instructors" in said, said
    name = pwd.getpwuid(STUDENT).pw_name
    code, said = run("student", "fetch_assignment", NAME, f"--GuardedExchange.instructors={name}")
    assert code == 0 and (student / NAME / f"{NAME}.ipynb").is_file(), said


def test_links_on_the_way_to_the_root_are_read_once_and_unsafe_courses_are_not_listed(exchange, tmp_path):
    """Exchange.root given through a link is resolved once, before the check, and every later path starts from the
    folder checked (a link a student may re-point is never read again); a link of a student's on the way is refused; `nbgrader list` over every course (no
    --course) lists those that pass the check and says which did not; `list --remove` needs the course."""
    ta, student, root, run = exchange
    course = _released(exchange)
    os.symlink(root, tmp_path / "via-link")
    code, said = _nbgrader(student, "fetch_assignment", NAME, f"--Exchange.root={tmp_path / 'via-link'}",
                           "--CourseDirectory.course_id=distcourse")
    assert code == 0 and (student / NAME / f"{NAME}.ipynb").is_file() and f"Source: {course}" in said, said
    os.symlink(tmp_path / "private", tmp_path / "her-link")  # a student's link: the TA's release would follow it
    (tmp_path / "private").mkdir(mode=0o700)
    os.lchown(tmp_path / "her-link", STUDENT, STUDENT)
    for cwd in (ta, student):
        code, said = _nbgrader(cwd, "release_assignment" if cwd == ta else "fetch_assignment", NAME,
                               f"--Exchange.root={tmp_path / 'her-link'}", "--CourseDirectory.course_id=distcourse")
        assert code != 0 and "a link of uid 65534's on the way to the exchange" in said, said
    assert os.listdir(tmp_path / "private") == []
    squat = root / "squatted\x1b]0;forged\x07"  # a course folder of the student's, with a name for the terminal
    (squat / "outbound" / "ps9").mkdir(parents=True)
    _chown_tree(squat, STUDENT)
    for i in range(15):  # and a course named with a line break (nbgrader's list failed for everyone), and more
        (root / f"x\ny{i}" / "outbound" / "ps9").mkdir(parents=True)
        _chown_tree(root / f"x\ny{i}", STUDENT)
    code, said = _nbgrader(student, "list", f"--Exchange.root={root}")
    assert code == 0 and "distcourse ps0_exchange" in said and "ps9" not in said, said
    assert "squatted\\x1b]0;forged\\x07" in said and "\x1b" not in said and "not listed" in said, said
    assert "6 more folders of the exchange are not listed" in said and said.count("(not listed)") == 10, said
    code, said = _nbgrader(student, "list", "--remove", f"--Exchange.root={root}")
    assert code != 0 and "needs the course" in said and (course / "outbound" / NAME).is_dir(), said


def test_feedback_goes_back_through_the_exchange_after_make_grade(tmp_path):
    """The whole trip with the course's grader: release, fetch, submit, collect, `grader.grade` (sandboxed),
    release_feedback, fetch_feedback. Round 47: the grader kept the graded notebook alone, and nbgrader's
    release_feedback, which names each page with the hand-in's submission_secret.txt, stopped at the first student
    and released no one's page. The grader keeps nbgrader's two files (checked as taken); a student whose hand-in
    has none (put in submitted/ by hand) is left out of the release, said, and the others get theirs."""
    from tests.tiny_course import make_course

    root = make_course(tmp_path, 0)
    student, cache, exchange = tmp_path / "student", tmp_path / "cache", tmp_path / "exchange"
    student.mkdir()
    where = [f"--Exchange.root={exchange}", f"--Exchange.cache={cache}", "--CourseDirectory.course_id=distcourse"]
    for cwd, *args in ((root, "release_assignment", "ps0_tiny"), (student, "fetch_assignment", "ps0_tiny"),
                       (student, "submit", "ps0_tiny"), (root, "collect", "ps0_tiny")):
        code, said = _nbgrader(cwd, *args, *where)
        assert code == 0, (args, said)
    by_hand = root / "submitted" / "handed-in-by-hand" / "ps0_tiny"  # no nbgrader files beside it
    shutil.copytree(root / "release" / "ps0_tiny", by_hand)
    graded = subprocess.run([sys.executable, "-m", "grader.grade", "ps0_tiny", "--course-dir", str(root), "--workers", "1"],
                            cwd=ROOT, env=venv_env(), capture_output=True, text=True, timeout=900)
    assert graded.returncode == 0, graded.stdout[-2000:] + graded.stderr[-2000:]
    me = [p.parent.parent.name for p in (root / "submitted").glob("*/ps0_tiny/submission_secret.txt")]
    assert len(me) == 1 and (root / "feedback" / me[0] / "ps0_tiny" / "submission_secret.txt").is_file()
    # round 47: a student with an account here read feedback/, the gradebook and the quiz keys: the TA's only now
    for path in [root / name for name in ("submitted", "feedback", "source", "gradebook.db", "grades.csv",
                                          "grading_report.json")]:
        assert not path.stat().st_mode & 0o077, f"{path} is readable by other users"
    code, said = _nbgrader(root, "release_feedback", "ps0_tiny", *where)
    assert code == 0 and "no feedback released for handed-in-by-hand" in said, said
    released = list((exchange / "distcourse" / "feedback").glob("*.html"))  # the grader made feedback/ 0600 (umask)
    assert len(released) == 1 and released[0].stat().st_mode & 0o777 == 0o644, "the student reads her page as herself"
    code, said = _nbgrader(student, "fetch_feedback", "ps0_tiny", *where)
    assert code == 0 and list((student / "ps0_tiny" / "feedback").glob("*/ps0_tiny.html")), said


def test_what_a_run_writes_is_the_tas_alone_from_the_start(tmp_path):
    """Round 48: a student with an account polled a course's first grading run and copied the graded notebooks in
    .autograding/, the gradebook and its journal, and the report as they were written with the TA's umask (the end of
    the run made them private, too late). The folders a run writes into are made 0700 before it writes, the gradebook
    and grades.csv 0600 before nbgrader opens them (SQLite gives its journal the database's mode), the report 0600."""
    from grader import grade

    os.umask(0o022)
    made = grade.keep_private(str(tmp_path), ("gradebook.db", "grades.csv"))
    assert made == []
    for name in ("autograded", "feedback", grade.KEPT_LOGS, grade.TAKEN_FOLDER, grade.GRADING_FOLDER):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o700, name
    for name in ("gradebook.db", "grades.csv"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o600 and (tmp_path / name).stat().st_size == 0, name
    import sqlite3

    with sqlite3.connect(tmp_path / "gradebook.db") as db:  # an empty file is an empty database to SQLite
        db.execute("create table t (x)")
    grade.write_beneath(str(tmp_path), ["grading_report.json"], "[]")
    assert (tmp_path / "grading_report.json").stat().st_mode & 0o777 == 0o600
    (tmp_path / "source" / "ps2").mkdir(mode=0o755, parents=True)
    (tmp_path / "source" / "ps2" / "ps2.ipynb").write_text("{}")
    os.chmod(tmp_path / "source", 0o755)
    os.chmod(tmp_path / "source" / "ps2" / "ps2.ipynb", 0o644)
    assert grade.keep_private(str(tmp_path)) == [str(tmp_path / "source")]
    # round 49: a descriptor of source/ps2/ held from before read later edits: everything below is private too
    for path in (tmp_path / "source", tmp_path / "source" / "ps2", tmp_path / "source" / "ps2" / "ps2.ipynb"):
        assert not path.stat().st_mode & 0o077, path


def test_a_descriptor_opened_while_a_file_was_readable_reads_nothing_later(tmp_path):
    """Round 48: a student opened gradebook.db while it was 0644 and kept the descriptor; after the run made it 0600
    (chmod), her descriptor read the live gradebook on every later run (SQLite writes in place). A file once readable
    by others is replaced by a private copy (a new file), so an old descriptor reads only what was there then."""
    import sqlite3

    from grader import grade

    db = tmp_path / "gradebook.db"
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("create table grade (score)")
        conn.execute("insert into grade values (24)")
    os.chmod(db, 0o644)
    (tmp_path / "grades.csv").write_text("aaron,24\n")
    os.chmod(tmp_path / "grades.csv", 0o644)
    held = [open(db, "rb"), open(tmp_path / "grades.csv", "rb")]
    changed = grade.keep_private(str(tmp_path))
    assert {str(db), str(tmp_path / "grades.csv")} <= set(changed)
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        assert conn.execute("select score from grade").fetchall() == [(24,)], "the copy holds the grades"
        conn.execute("update grade set score = 0")
    (tmp_path / "grades.csv").write_text("aaron,0\n")
    assert db.stat().st_mode & 0o777 == 0o600 and (tmp_path / "grades.csv").stat().st_mode & 0o777 == 0o600
    assert os.fstat(held[0].fileno()).st_ino != db.stat().st_ino
    assert held[1].read() == b"aaron,24\n", "the held descriptor reads the old file, not the new grades"
    for fh in held:
        fh.close()


def test_pages_whose_secrets_are_one_are_not_released_and_a_crowded_root_is_not_listed_whole(exchange):
    """Round 48: a page's name in the exchange is md5(secret + notebook), with no student in it: mallory handed in
    with zoe's secret, and zoe's fetch_feedback got mallory's page. Students whose hand-ins carry one secret get no
    page, said; the others get theirs. And a listing over every course reads at most MAX_COURSES entries of the root
    (200,000 folders of a student's cost every listing 19 s): past it, it asks for the course."""
    ta, student, root, run = exchange
    mine = ta / "feedback" / "aaron" / NAME
    for other in ("mallory", "zoe"):
        shutil.copytree(mine, ta / "feedback" / other / NAME)
        (ta / "feedback" / other / NAME / f"{NAME}.html").write_text(f"<p>{other}'s page</p>")
    (ta / "feedback" / "zoe" / NAME / "submission_secret.txt").write_text("ab" * 64)
    code, said = run("ta", "release_assignment", NAME)
    assert code == 0, said
    code, said = run("ta", "release_feedback", NAME)
    assert code == 0 and "no feedback released for aaron, mallory" in said, said
    pages = os.listdir(root / "distcourse" / "feedback")
    assert len(pages) == 1 and (root / "distcourse" / "feedback" / pages[0]).read_text() == "<p>zoe's page</p>"
    from grader.collect import SafeList

    for i in range(SafeList.MAX_COURSES + 1):
        (root / f"c{i}").mkdir()
    code, said = _nbgrader(student, "list", f"--Exchange.root={root}")
    assert code != 0 and "give the course (--course)" in said, said


def test_a_regraded_hand_in_gets_its_page_made_again(tmp_path):
    """Round 48: `--regrade` of a changed hand-in changed the gradebook (24 to 20) but kept the first feedback page
    (nbgrader's generate_feedback skips a page it takes for current): the page said the old score, and the exchange
    would have released it. A page is made again for every student graded in the run."""
    from tests.tiny_course import WRONG, fill, make_course

    root = make_course(tmp_path, 1)
    page = root / "feedback" / "student00" / "ps0_tiny" / "ps0_tiny.html"

    def graded(*extra):
        run = subprocess.run([sys.executable, "-m", "grader.grade", "ps0_tiny", "--course-dir", str(root),
                              "--workers", "1", *extra], cwd=ROOT, env=venv_env(), capture_output=True, text=True,
                             timeout=900)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        return page.read_text()

    before = graded()
    source_nb = nbformat.read(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    handed_in = root / "submitted" / "student00" / "ps0_tiny" / "ps0_tiny.ipynb"
    nbformat.write(fill(release_nb, source_nb, {"square": "def square(x):\n    return 0"}), handed_in)
    after = graded("--regrade")
    assert after != before and "Score: 0.0" in after, after[:3000]
    # round 48: `nbgrader collect --update` puts a newer hand-in in place; a run without --regrade grades it (the
    # marker keeps a digest of what was graded), and leaves an unchanged one alone
    nbformat.write(fill(release_nb, source_nb, {}), handed_in)
    again = graded()
    assert "Score: 0.0" not in again and again != after, again[:3000]
    marker = root / "autograded" / "student00" / "ps0_tiny" / ".graded"
    stamp = marker.stat().st_mtime_ns
    graded()
    assert marker.stat().st_mtime_ns == stamp, "an unchanged hand-in is not graded again"


def test_making_a_hand_in_private_survives_deep_and_huge_ones(tmp_path, request):
    """Round 50: 1,200 nested folders beside a hand-in overflowed the recursive walk that makes a course private
    (RecursionError: no run graded anyone, ever again), and a sparse 200 GiB notebook was hashed for minutes at the
    start of every run. The walk keeps its own stack, and a notebook over the size cap is not read for its digest."""
    from grader import grade

    deep = tmp_path / "submitted" / "mallory" / "ps0"
    deep.mkdir(parents=True)
    folder, chain = deep, []
    for _ in range(1200):
        folder = folder / "d"
        os.mkdir(folder)  # umask's mode: readable
        chain.append(folder)
    request.addfinalizer(lambda: [os.rmdir(path) for path in reversed(chain)])  # shutil.rmtree recurses as deep
    (tmp_path / "release" / "ps0").mkdir(parents=True)
    (tmp_path / "release" / "ps0" / "ps0.ipynb").write_text("{}")
    with open(deep / "ps0.ipynb", "wb") as fh:
        fh.truncate(200 * 2**30)  # sparse
    grade.keep_private(str(tmp_path))
    assert not folder.stat().st_mode & 0o077, "the deepest folder is private too"
    before = grade.hand_in_digest(str(tmp_path), ["submitted", "mallory", "ps0"], "ps0")  # read, it would take minutes
    with open(deep / "ps0.ipynb", "r+b") as fh:
        fh.write(b"changed")  # its bytes are not what the digest reads: its size is
    assert grade.hand_in_digest(str(tmp_path), ["submitted", "mallory", "ps0"], "ps0") == before
