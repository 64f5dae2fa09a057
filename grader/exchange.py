"""nbgrader's exchange, for this course: every command checks the folders it is about to use before it uses them.

nbgrader's exchange is a folder every student may write (its root, `Exchange.root`), with one folder a course in it
(`<root>/<course>/outbound`, `inbound`, `feedback`). Its commands build paths as strings and follow links, as whoever
runs them. Where the root is not sticky (nbgrader creates it 0777), any student may rename the course's folder and put
her own, or links, in its place; where it is sticky, she may still create the course's folder before the TA does. So
(round 46) the TA as root released into and deleted a folder outside the course (`outbound -> /elsewhere`),
`release_assignment --force` deleted the course's own source notebook, and with the course's folder one a student
owned, she read other students' hand-ins and their `submission_secret.txt`, removed a final hand-in so that collect took
the draft, and served her own release notebook to the students who fetched it.

Here every command first walks from `/` to the folders it will use, without following a link, and refuses unless:

- no folder above the root may be written by another user, except sticky ones owned by root or the caller (`/tmp`);
- the root is a folder (not a link); if others may write it, it is sticky. A TA's command makes a root of her own
  sticky (and creates a missing one sticky); anyone else is told to `chmod +t` it;
- the course's folder and its `outbound`, `inbound` and `feedback` are folders, not links, that no one but their owner
  may write (`inbound` excepted: sticky), all owned by one user: for the TA's commands (release, release_feedback,
  collect, list --remove, list --inbound), the TA herself; for a student's (fetch, fetch_feedback, submit, list), root,
  the exchange root's owner, or a user named in `GuardedExchange.instructors`.

Once these hold, nothing on the way can be swapped by a student between the check and nbgrader's own string paths: each
folder is owned by the TA (or root) and lies in one no student may rename in, so nbgrader's copy, delete and listing
code runs unchanged below it. Each refusal says which folder, why, and what to run.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import stat

from nbgrader.exchange.default.exchange import Exchange
from nbgrader.exchange.default.fetch_assignment import ExchangeFetchAssignment
from nbgrader.exchange.default.fetch_feedback import ExchangeFetchFeedback
from nbgrader.exchange.default.release_assignment import ExchangeReleaseAssignment
from nbgrader.exchange.default.release_feedback import ExchangeReleaseFeedback
from nbgrader.exchange.default.submit import ExchangeSubmit
from nbgrader.utils import notebook_hash
from traitlets import List, Unicode

from grader.formgrader_guard import access_list, others_may_write
from grader.grade import printable

#: The folders of a course in the exchange; `inbound` alone is every student's to write (sticky).
COURSE_FOLDERS = ("outbound", "inbound", "feedback")


class Unsafe(Exception):
    """A folder of the exchange that a command refuses to use, and why, and what to do (in words)."""


class GuardedExchange(Exchange):
    """The check every exchange command of the course runs first (mixed into nbgrader's classes, below)."""

    instructors = List(Unicode(), help=(
        "Users whose course folder in the exchange students trust, besides root and the exchange root's owner: the "
        "TA's account where she releases as herself into a root an administrator made")).tag(config=True)

    #: True for the TA's commands (the course folder must be the caller's own), False for a student's.
    teacher = False

    def _refuse(self, folder: str, why: str, fix: str) -> None:
        raise Unsafe(printable(f"the exchange is not safe to use: {folder}: {why}. {fix}"))

    def _base_owners(self) -> set[int]:
        """Whom this command trusts before it knows the exchange root's owner: the caller and root, and for a
        student's command the users GuardedExchange.instructors names."""
        owners = {os.geteuid(), 0}
        for name in () if self.teacher else self.instructors:
            try:
                owners.add(pwd.getpwnam(name).pw_uid)
            except KeyError:
                self.log.warning(printable(f"GuardedExchange.instructors names {name!r}, who is no user here"))
        return owners

    def _resolve(self, path: str, trusted: set[int]) -> str:
        """`path` with each link on the way read once, and only a link of a trusted owner (a link of another user's
        is hers to point anywhere: `/tmp/exchange -> /root/private` had the TA release into a folder of her choice).
        Components that do not exist yet are kept as they are (the TA's release makes them)."""
        todo, done, hops = os.path.abspath(path).split(os.sep)[1:], os.sep, 0
        while todo:
            name = todo.pop(0)
            if name in ("", "."):
                continue
            if name == "..":
                done = os.path.dirname(done)
                continue
            here = os.path.join(done, name)
            try:
                info = os.lstat(here)
            except FileNotFoundError:
                return os.path.join(here, *todo)
            if not stat.S_ISLNK(info.st_mode):
                done = here
                continue
            if info.st_uid not in trusted:
                self._refuse(here, f"a link of uid {info.st_uid}'s on the way to the exchange: its owner may point it "
                             "anywhere", "Give Exchange.root as the folder itself (`realpath` it)")
            hops += 1
            if hops > 40:
                self._refuse(path, "too many links on the way (a loop?)", "Give Exchange.root as the folder itself")
            target = os.readlink(here)
            todo = target.split(os.sep) + todo
            if target.startswith(os.sep):
                done = os.sep
        return done

    def _check_above(self, folder: str, trusted: set[int]) -> None:
        """Every folder from `folder` up to `/` that exists: no one but a trusted owner may write it, or it is sticky."""
        while True:
            try:
                info = os.lstat(folder)
            except FileNotFoundError:
                info = None
            why = info and others_may_write(info, access_list(folder), in_sticky_path=True, trusted=(tuple(trusted), ()))
            if why:
                self._refuse(folder, f"a folder above the exchange: {why}", "Keep the exchange in a folder only root "
                             "or the TA may write (nbgrader's default, /usr/local/share/nbgrader/exchange)")
            if folder == os.path.dirname(folder):
                return
            folder = os.path.dirname(folder)

    def _check_root(self) -> tuple[os.stat_result, set[int]]:
        """The folders above the root, then the root (created sticky by the TA if missing): (the root's lstat, the
        owners trusted). Links on the way are read once, here, and nbgrader's own paths start from the folder
        checked (self.root is set to it): nothing a student re-points after the check is read again."""
        trusted = self._base_owners()
        root = self.root = self._resolve(self.root, trusted)
        if self.teacher:
            self._check_above(os.path.dirname(root), trusted)  # before anything is made or changed under it
        if self.teacher and not os.path.lexists(root):
            self.log.warning(printable(f"creating the exchange folder {root}, sticky: every user may write it, "
                                       "and rename or remove her own entries only"))
            try:
                os.mkdir(root, 0o700)  # in a folder checked above; a missing one is not made (by root, in whose?)
                fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
                try:
                    os.fchmod(fd, 0o1777)
                finally:
                    os.close(fd)
            except FileExistsError:
                pass
            except OSError as error:
                self._refuse(root, f"it cannot be created ({error.strerror})", "Ask an administrator to create it: "
                             f"`mkdir -p {root} && chmod 1777 {root}`")
        try:
            info = os.lstat(root)
        except OSError as error:
            self._refuse(root, f"it cannot be read ({error.strerror})", "Ask your instructor where the exchange is")
        if not stat.S_ISDIR(info.st_mode):
            self._refuse(root, "it is not a folder", "Use a folder as Exchange.root")
        if not self.teacher:  # a student trusts the root's owner too: she cannot tell the TA from anyone else
            trusted.add(info.st_uid)
        if info.st_uid not in trusted:
            self._refuse(root, f"it belongs to uid {info.st_uid}, who may remove anything in it, sticky or not",
                         "Use an exchange root of root's or your own")
        self._check_above(os.path.dirname(root), trusted)
        why = others_may_write(info, access_list(root), in_sticky_path=True, trusted=(tuple(trusted), ()))
        if why and self.teacher and info.st_uid == os.geteuid() and not info.st_mode & stat.S_ISVTX:
            fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
            try:
                os.fchmod(fd, stat.S_IMODE(os.fstat(fd).st_mode) | stat.S_ISVTX)
            finally:
                os.close(fd)
            self.log.warning(printable(f"{root}: made sticky: a user may rename or remove her own entries only "
                                       "(nbgrader makes it 0777, where any student could replace the course's folder)"))
            info, why = os.lstat(root), None
        if why:
            self._refuse(root, f"{why}, and it is not sticky: any such user may rename the course's folder and put "
                         "her own in its place", f"Its owner (uid {info.st_uid}) runs `chmod +t {root}`")
        return info, trusted

    def _check_folder(self, path: str, owner: int, *, shared: bool = False) -> bool:
        """`path` is a folder (not a link) of `owner` that no one else may write (`shared`: only if sticky); False if
        it does not exist."""
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return False
        if not stat.S_ISDIR(info.st_mode):
            self._refuse(path, "it is not a folder (a link?)", "Its owner removes it; the TA's next release "
                         "creates the folder")
        if info.st_uid != owner:
            self._refuse(path, f"it belongs to uid {info.st_uid}, not to uid {owner}, who owns the course's folder",
                         "The TA removes it and releases again")
        if shared and not info.st_mode & stat.S_ISVTX:
            # nbgrader makes inbound writable by every student without the bit: any student could rename or remove
            # another's hand-in (round 40). Its owner (the TA's own command, or her `nbgrader list`) sets it, whatever
            # the mode is now, so that the folder stays so when its mode is opened later
            if self.teacher or info.st_uid == os.geteuid():
                os.chmod(path, stat.S_IMODE(info.st_mode) | stat.S_ISVTX)
                self.log.info(printable(f"{path}: made sticky: a student may rename or remove her own hand-ins only"))
                return True
        if shared and info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
            self._refuse(path, "every student may write it, and it is not sticky: any of them may remove another's "
                         "hand-in", f"The TA runs `chmod +t {path}` (or any nbgrader command of the course's)")
        if not shared:
            groupshared = self.coursedir.groupshared and info.st_gid in os.getgroups()
            why = others_may_write(info, access_list(path), trusted=((owner,), (info.st_gid,) if groupshared else ()))
            if why:
                self._refuse(path, why, f"The TA runs `chmod go-w {path}`")
        return True

    def guard_exchange(self) -> None:
        """Check the exchange's root and the course's folders; refuse (ExchangeError, said) anything unsafe."""
        if not self.coursedir.course_id:
            return  # nbgrader says so itself
        try:
            self._check_course(self.coursedir.course_id)
        except Unsafe as error:
            self.fail(str(error))

    def _check_course(self, course_id: str, trusted: set[int] | None = None) -> None:
        """The course's folder and its own (see the module); the root first, unless `trusted` (its owners) says
        it was checked already."""
        if trusted is None:
            _, trusted = self._check_root()
        course = os.path.join(self.root, course_id)
        if os.sep in course_id or course_id in (".", ".."):
            self._refuse(course, "the course id is not a folder's name", "Give the course's id, as the TA set it")
        try:
            owner = os.lstat(course).st_uid
        except FileNotFoundError:
            if not self.teacher:
                self._refuse(course, "no such folder: the course has released nothing here yet",
                             "Ask your instructor whether the course id and the exchange are right")
            try:
                os.mkdir(course, 0o700)
                fd = os.open(course, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
                try:
                    os.fchmod(fd, 0o755)  # whatever the umask (collect's is 077): students fetch through it
                finally:
                    os.close(fd)
            except FileExistsError:
                pass
            owner = os.lstat(course).st_uid
        if owner not in trusted:
            who = "you" if self.teacher else "root, the exchange's owner or an instructor (GuardedExchange.instructors)"
            self._refuse(course, f"the course's folder belongs to uid {owner}, not to {who}: someone else made it",
                         "The TA has it removed and releases again" if self.teacher else
                         "Tell your instructor; if that user is your instructor, name them in "
                         "c.GuardedExchange.instructors")
        self._check_folder(course, owner)
        for name in COURSE_FOLDERS:
            self._check_folder(os.path.join(course, name), owner, shared=name == "inbound")


def _chmod_plain(path: str, mode: int) -> None:
    """chmod a plain file through a descriptor opened without following a link."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.fchmod(fd, mode)
    finally:
        os.close(fd)


class GuardedReleaseAssignment(GuardedExchange, ExchangeReleaseAssignment):
    teacher = True

    def ensure_root(self):  # nbgrader's makes a missing root 0777, and would leave a sticky one so
        self._check_root()

    def init_dest(self):
        self.guard_exchange()
        super().init_dest()
        self.guard_exchange()  # the folders nbgrader just made: inbound sticky


class GuardedReleaseFeedback(GuardedExchange, ExchangeReleaseFeedback):
    teacher = True

    def init_dest(self):
        self.guard_exchange()
        super().init_dest()
        self.guard_exchange()

    def copy_files(self):
        """nbgrader's, past students whose page has no timestamp.txt or submission_secret.txt beside it (a hand-in
        not made with `nbgrader submit`): said, and left out, where nbgrader's stopped at the first of them and
        released no one's page (round 47)."""
        missing = set()
        for page in glob.glob(os.path.join(self.src_path, "*.html")):
            folder = os.path.dirname(page)
            if not all(os.path.isfile(os.path.join(folder, name)) for name in ("timestamp.txt", "submission_secret.txt")):
                missing.add(os.path.basename(os.path.dirname(folder)))
        if missing:
            self.log.warning(printable(
                f"no feedback released for {', '.join(sorted(missing))}: no timestamp.txt or submission_secret.txt "
                "beside the page (handed in without `nbgrader submit`?); give them feedback/<student>/ directly"))
        # A page's name is md5(secret + notebook), the student's name in it nowhere: a hand-in carrying another
        # student's secret (read from his cache, or his hand-in) would put its page where he fetches his (round 48).
        # Students whose secrets name the same page get none, said.
        named = {}  # every student's pages of the assignment, whoever this release is for
        every = self.coursedir.format_path(self.coursedir.feedback_directory, "*", self.coursedir.assignment_id)
        for page in glob.glob(os.path.join(every, "*.html")):
            folder = os.path.dirname(page)
            student = os.path.basename(os.path.dirname(folder))
            try:
                with open(os.path.join(folder, "submission_secret.txt")) as fh:
                    secret = fh.read()
            except OSError:
                continue
            notebook = os.path.splitext(os.path.basename(page))[0]
            named.setdefault(notebook_hash(secret=secret, notebook_id=notebook), set()).add(student)
        shared = set().union(*(students for students in named.values() if len(students) > 1)) - missing
        if shared:
            self.log.error(printable(
                f"no feedback released for {', '.join(sorted(shared))}: their hand-ins carry the same "
                "submission_secret.txt, so their pages would have one name in the exchange (one copied another's "
                "secret to put her page in his place); give them feedback/<student>/ directly"))
        if missing or shared:
            excluded = set(filter(None, (self.coursedir.student_id_exclude or "").split(","))) | missing | shared
            self.coursedir.student_id_exclude = ",".join(sorted(excluded))
        super().copy_files()
        # nbgrader copies each page with its mode in feedback/, which the grader makes the TA's alone (0600): the
        # student fetches it as herself, so the released copy is readable (its name is the secret)
        for page in glob.glob(os.path.join(self.dest_path, "*.html")):
            with contextlib.suppress(OSError):
                if os.lstat(page).st_uid == os.geteuid():
                    _chmod_plain(page, 0o644)


class GuardedFetchAssignment(GuardedExchange, ExchangeFetchAssignment):
    def init_src(self):
        self.guard_exchange()
        super().init_src()


class GuardedFetchFeedback(GuardedExchange, ExchangeFetchFeedback):
    def init_src(self):
        self.guard_exchange()
        super().init_src()


class GuardedSubmit(GuardedExchange, ExchangeSubmit):
    def init_dest(self):
        self.guard_exchange()
        super().init_dest()

    def copy_files(self):
        """nbgrader's, with the student's cache of the course hers alone: it keeps each hand-in's
        submission_secret.txt, which names her feedback page in the exchange (round 48: another student read it from
        a home folder of mode 0755 and read her page)."""
        # born private (umask 077): a chmod after nbgrader wrote it left a window in which another student opened a
        # descriptor of the hand-in's folder there and read its secret through it later (round 49); nbgrader sets
        # the modes of the copy in the exchange's inbound itself
        before = os.umask(0o077)
        try:
            super().copy_files()
        finally:
            os.umask(before)
        with contextlib.suppress(OSError):
            os.chmod(self.cache_path, 0o700)


#: nbgrader's ExchangeFactory traits and this course's class for each (nbgrader_config.py and the venv's config).
FACTORY = {
    "release_assignment": "grader.exchange.GuardedReleaseAssignment",
    "release_feedback": "grader.exchange.GuardedReleaseFeedback",
    "fetch_assignment": "grader.exchange.GuardedFetchAssignment",
    "fetch_feedback": "grader.exchange.GuardedFetchFeedback",
    "submit": "grader.exchange.GuardedSubmit",
    "collect": "grader.collect.SafeCollect",
    "list": "grader.collect.SafeList",
}
