"""`nbgrader collect` (and Formgrader's Collect button), for this course: it takes the assignment's notebook from
each student's folder and nothing else, never what a link points at, and one student's folder cannot stop the others'.

nbgrader's collect copies each student's folder from the exchange's inbound folder, which every student may write,
with `shutil.copytree`, which follows links, as the TA: a hand-in whose notebook was a link to the course's
`source/` notebook scored full marks with the solutions in its feedback; links to `/proc/self/environ`, the judges and
the gradebook put the TA's secrets and the hidden checks into the student's own kernel folder, printed into her own
feedback; a link to `/dev/zero` filled the disk; a folder named for another student, owned by someone else, was
collected as that student's, with a warning only; one folder whose name's time did not parse, or that could not be
read, stopped the collection of the whole class (round 38). A list of the files to leave out (tools' configuration,
`.git`) was never complete: `.pdbrc`, `.hg`, `conftest.py`, a module nbgrader imports from the folder it runs in; and
`collect --update` parsed an earlier copy's `timestamp.txt`, the student's text, with dateutil, quadratic: minutes for
a 1 MB file, the TA's Formgrader frozen (round 39). Here:

- only the assignment's notebooks (the names release/<assignment>/ gives them) are collected, each a plain file of
  the folder itself, copied through descriptors opened without following a link (`O_NOFOLLOW`), checked with `fstat`
  once open, and capped at the course's size cap as it is read; everything else is left where it is, said in one line
  a folder;
- `timestamp.txt` is written by the collection, never copied: the time in the folder's name, or, where the folder or
  a notebook in it changed more than LATE_SLACK seconds after that time, the time of that change (a folder named for a
  time before the deadline, or a notebook rewritten in it after the deadline, is late); an earlier copy's
  `timestamp.txt` longer than grader.grade.TIMESTAMP_BYTES, or of other characters, is no time;
- a folder is collected only if it is a folder owned by the student it names (where owners can be checked), that
  name is a student id `make grade` takes, and its time reads as a date; these are checked before each student's
  newest folder is picked, so a folder forged in another's name cannot hide theirs;
- a folder that cannot be copied is said in the log and not collected (nothing half-copied is left); the others
  are collected. Every name the log quotes is escaped (grader.grade.printable).
"""

from __future__ import annotations

import datetime
import glob
import os
import shutil
import stat

from nbgrader.exchange.default.collect import ExchangeCollect
from nbgrader.exchange.default.list import ExchangeList
from nbgrader.utils import parse_utc

from grader.exchange import GuardedExchange, Unsafe
from grader.grade import (MAX_NOTEBOOK_BYTES, SECRET_BYTES, SECRET_CHARACTERS, TIMESTAMP_BYTES, TIMESTAMP_CHARACTERS,
                          id_refusal, printable)

try:
    import pwd
except ImportError:  # no owners to check (Windows)
    pwd = None

_CHUNK = 1 << 20
#: Seconds a student's folder or notebook may have changed after the time in the folder's name (the copy that
#: `nbgrader submit` makes after naming it) before the collected time is that of the change.
LATE_SLACK = 300
#: Folders of one student's in the inbound folder whose times are read; a student with more is not collected.
MAX_FOLDERS = 200
#: Lines of the log that say which folders were not collected; the rest is one line of counts.
MAX_LOG_LINES = 50
TIMESTAMP_FORMAT = "%Y-%m-%d %H:%M:%S.%f UTC"


class Refused(Exception):
    """A student's folder that is not collected, and why."""


def _links_protected() -> bool:
    """Whether only a file's owner (or who may read and write it) can give it another name (`fs.protected_hardlinks`
    1, what distributions set): then a notebook's other names are its student's, and its change time is hers too
    (round 43: a notebook written after the deadline through a second name of her own was timed by its folder, on
    time). Where anyone may link any file (0), another student's link() would move it (round 42): the folder's time."""
    try:
        with open("/proc/sys/fs/protected_hardlinks") as fh:
            return fh.read().strip() == "1"
    except OSError:
        return False


#: What collect says where the exchange is in memory (tmpfs): a page of a file that a student mapped shared and wrote
#: once stays writable, and later writes through it change neither the file's times nor its folder's; a notebook
#: rewritten so after the deadline was collected as on time (round 44). On a disk's file system each such write moves
#: the file's change time. No time can tell it on tmpfs: late penalties need the exchange on a disk, or the copy made
#: at the deadline.
TMPFS_WARNING = ("the exchange is on tmpfs, where a notebook written through a shared mapping keeps its times: a "
                 "rewrite after the deadline cannot be told from one before it. For late penalties keep the exchange "
                 "on a disk (CourseDirectory's Exchange.root), or collect at the deadline")


def _on_tmpfs(path: str) -> bool:
    """Whether `path` lies on a tmpfs mount (the longest mount point above it, /proc/self/mountinfo; Linux)."""
    try:
        real = os.path.realpath(path)
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as fh:
            mounts = [(fields[4].encode().decode("unicode_escape"), line.split(" - ", 1)[1].split()[0])
                      for line in fh if " - " in line for fields in [line.split()]]
    except (OSError, IndexError, UnicodeError):
        return False
    above = [(point, kind) for point, kind in mounts if real == point or real.startswith(point.rstrip("/") + "/")]
    return bool(above) and max(above, key=lambda mount: len(mount[0]))[1] == "tmpfs"


class SafeCollect(GuardedExchange, ExchangeCollect):
    teacher = True

    def _path_to_record(self, path):
        """What a folder's name and `lstat` say, checked before any time is parsed (see `_sort_by_timestamp`): its
        student, that the name is an id make grade takes, that it is a folder, owned by that student."""
        filename = os.path.basename(path)
        parts = filename.rsplit("+", 3)
        username = parts[0]
        record = {"username": username, "filename": filename, "timestamp": datetime.datetime.min,  # naive UTC
                  "time": parts[2] if len(parts) >= 3 else None}
        if record["time"] is None:
            record["refused"] = "its name is not <student>+<assignment>+<time>"
        elif id_refusal(username):
            record["refused"] = "the name before its first '+' is not a student id make grade takes"
        else:
            try:
                info = os.lstat(path)
            except OSError as error:
                record["refused"] = f"it cannot be read ({error.strerror})"
                return record
            if not stat.S_ISDIR(info.st_mode):
                record["refused"] = "it is not a folder (a link?)"
            elif self.check_owner and pwd is not None:
                owner = self._owner(info.st_uid)
                if owner != username:
                    record["refused"] = (f"it is owned by {owner or 'an unknown user'!r}, not by the student it names "
                                         "(CollectApp.check_owner=False collects it)")
        return record

    def _owner(self, uid: int) -> str | None:
        owners = self.__dict__.setdefault("_owners", {})  # one lookup a user, not one a folder
        if uid not in owners:
            try:
                owners[uid] = pwd.getpwuid(uid).pw_name
            except KeyError:
                owners[uid] = None
        return owners[uid]

    def _sort_by_timestamp(self, records):
        """One student's folders, newest first, the ones not collected last: the newest collectable one is picked.
        A student's time is parsed here (dateutil: 0.4 ms a name) and only for at most MAX_FOLDERS folders of hers:
        100,000 names of one student's in the inbound folder stalled the class's collection 40 s and froze the TA's
        server (round 40). A time that does not parse, or is later than tomorrow, is not collected."""
        kept = [record for record in records if "refused" not in record]
        if len(kept) > MAX_FOLDERS:
            for record in kept:
                record["refused"] = (f"one of {len(kept):,} folders of this student's (at most {MAX_FOLDERS} are "
                                     "read): remove the extra ones from the inbound folder, and collect again")
        latest = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None) + datetime.timedelta(days=1)
        for record in records:
            if "refused" in record:
                continue
            try:
                record["timestamp"] = parse_utc(record["time"])
            except Exception:  # noqa: BLE001 - dateutil's ParserError, OverflowError, ...: the name is the student's
                record["refused"] = "its time does not read as a date"
                continue
            if record["timestamp"] > latest:
                record["timestamp"] = datetime.datetime.min
                record["refused"] = "its time is later than tomorrow"
        refused = [record for record in records if "refused" in record]
        self.__dict__.setdefault("_refused", []).extend(refused)
        # nbgrader picks the first of this list (with --before-duedate, the first whose time is before the due date):
        # a folder not collected is never among the candidates while the student has one that is (round 41: a
        # folder forged in aaron's name, its time unread and so the earliest, was "before the due date" and taken,
        # then dropped, and aaron's own late hand-in was not collected at all)
        kept = sorted((record for record in records if "refused" not in record), key=lambda r: r["timestamp"],
                      reverse=True)
        return kept or refused

    def init_dest(self):
        super().init_dest()

        def existing_timestamp(path):  # an earlier copy's timestamp.txt: written by us, or anyone's text
            try:
                fd = os.open(os.path.join(path, "timestamp.txt"), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                return None
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    return None
                text = os.read(fd, TIMESTAMP_BYTES + 1).decode("ascii", "replace")
            finally:
                os.close(fd)
            if len(text) > TIMESTAMP_BYTES or not TIMESTAMP_CHARACTERS.fullmatch(text):
                return None
            try:
                return parse_utc(text.strip())
            except Exception:  # noqa: BLE001 - dateutil's ParserError, OverflowError, ...
                return None

        self.coursedir.get_existing_timestamp = existing_timestamp

    def start(self):
        """nbgrader's, with umask 077 while it runs: what collect makes (submitted/, the gradebook nbgrader opens to
        add students) is the TA's alone (round 48: gradebook.db made 0644 at the deadline, and a descriptor opened then
        reads it for good). The umask is given back after: Formgrader's Collect button runs this in the TA's server."""
        before = os.umask(0o077)
        try:
            return super().start()
        finally:
            os.umask(before)

    def init_src(self):
        # grader/exchange.py: the course's folder and its inbound are the TA's, and inbound is sticky (made so here
        # if it is not: nbgrader makes it writable by every student without the bit, so any student could rename or
        # remove another's folder, round 40)
        self.guard_exchange()
        super().init_src()
        if _on_tmpfs(self.inbound_path):
            self.log.warning(TMPFS_WARNING)
        said = {}
        for record in self.__dict__.get("_refused", []):  # one line a student and reason (round 40: 100,000 folders)
            said.setdefault((record["username"], record["refused"]), []).append(record["filename"])
        for number, ((_, why), names) in enumerate(said.items()):
            if number == MAX_LOG_LINES:  # round 41: 100,000 names of 100,000 made-up ids, a line each
                rest = list(said.values())[number:]
                self.log.error(f"not collected: {sum(map(len, rest)):,} more folders of {len(rest):,} more names "
                               "before a '+' (not listed)")
                break
            more = f" (and {len(names) - 1:,} more of this student's)" if len(names) > 1 else ""
            self.log.error(printable(f"not collected: {names[0]!r}{more}: {why}"))
        self.src_records = [record for record in self.src_records if "refused" not in record]
        self.times = {record["filename"]: record["timestamp"] for record in self.src_records}
        self._owners_checked = self.check_owner and pwd is not None
        self.check_owner = False  # checked above, on the folder itself (nbgrader's own check follows a link)
        release = self.coursedir.format_path(self.coursedir.release_directory, ".", self.coursedir.assignment_id)
        self.notebooks = {os.path.basename(f) for f in glob.glob(os.path.join(release, "*.ipynb"))}

    def do_copy(self, src, dest, log=None):
        """Copy the assignment's notebooks of the student's folder into a new folder beside `dest`, with the
        collected time, then rename it into place; on any error, log it and collect nothing of this student."""
        partial = f"{dest}.collecting"
        shutil.rmtree(partial, ignore_errors=True)
        shown = printable(repr(os.path.basename(src)))
        try:
            fd = os.open(src, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
            try:
                os.mkdir(partial, 0o700)
                changed = self._copy_notebooks(fd, partial, shown, os.path.basename(src).rsplit("+", 3)[0])
            finally:
                os.close(fd)
            named = self.times.get(os.path.basename(src), datetime.datetime.min)
            when = named
            # a difference of two times, never a sum: the student's time may be the last one a datetime holds
            if changed is not None and (changed - named).total_seconds() > LATE_SLACK:
                when = changed
                self.log.warning(f"{shown}: changed at {changed:{TIMESTAMP_FORMAT}}, after the time in its name; "
                                 "collected with the time of that change")
            with open(os.path.join(partial, "timestamp.txt"), "x") as fh:
                fh.write(when.strftime(TIMESTAMP_FORMAT))
            if self.coursedir.groupshared:
                os.chmod(partial, os.stat(partial).st_mode | stat.S_IRWXU | stat.S_IRWXG)
            os.rename(partial, dest)
        except Exception as error:  # noqa: BLE001 - whatever one folder raises stops no other student's collection
            shutil.rmtree(partial, ignore_errors=True)
            why = error if isinstance(error, (OSError, Refused)) else f"{type(error).__name__}: {error}"
            self.log.error(printable(f"not collected: {shown}: {why}"))

    def _copy_notebooks(self, fd: int, dest: str, shown: str, student: str) -> datetime.datetime | None:
        """Copy the assignment's notebooks of the folder `fd` into `dest`; log in one line what was left out.
        Returns the latest change time (UTC) of the folder and of the notebooks copied."""
        changes = [os.fstat(fd).st_ctime]
        left, links = 0, []
        budget = [1000 * self.coursedir.max_dir_size]
        with os.scandir(fd) as entries:
            for entry in entries:
                name = entry.name
                if name == "submission_secret.txt":  # what names the student's feedback page in the exchange
                    self._copy_secret(fd, name, dest, shown)
                    continue
                if name not in self.notebooks:
                    left += 1
                    continue
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode):
                    links.append(name)
                    continue
                changed = self._copy_file(fd, name, os.path.join(dest, name), budget, student)
                if changed is None:
                    self.log.warning(printable(f"{shown}: {name!r} has other names (hard links): timed by its "
                                               "folder only"))
                else:
                    changes.append(changed)
        if links:
            self.log.warning(printable(f"{shown}: not collected: {', '.join(sorted(map(repr, links)))}: not a plain "
                                       "file (a link, a folder, a pipe?): the notebook itself is collected, nothing "
                                       "it points at"))
        if left:
            self.log.info(printable(f"{shown}: {left:,} other files and folders left where they are (only the "
                                    f"assignment's notebooks, {', '.join(sorted(self.notebooks))}, are collected)"))
        return datetime.datetime.fromtimestamp(max(changes), datetime.timezone.utc).replace(tzinfo=None)

    def _copy_secret(self, fd: int, name: str, dest: str, shown: str) -> None:
        """Copy nbgrader's submission_secret.txt if it is what `nbgrader submit` writes (a plain file of hex digits,
        at most SECRET_BYTES): `nbgrader release_feedback` names the student's page with it (round 47: without it,
        no page was released). Anything else is left out, said in the log."""
        try:
            source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
        except OSError:
            source = None
        try:
            text = (os.read(source, SECRET_BYTES + 1).decode("ascii", "replace")
                    if source is not None and stat.S_ISREG(os.fstat(source).st_mode) else "")
        finally:
            if source is not None:
                os.close(source)
        if len(text) > SECRET_BYTES or not SECRET_CHARACTERS.fullmatch(text):
            self.log.warning(f"{shown}: its submission_secret.txt is not what nbgrader submit writes: not collected "
                             "(its feedback cannot be released through the exchange)")
            return
        with open(os.path.join(dest, name), "x") as out:
            out.write(text)

    def _copy_file(self, fd: int, name: str, dest: str, budget: list[int], student: str) -> float | None:
        """Copy it; returns its change time, or None for a file with other names, whose change time anyone who made
        one of them moved (round 42: where `fs.protected_hardlinks` is 0, mallory's `link()` of aaron's notebook made
        it a hard link, and it was refused, aaron not collected). A file of other names is taken if it is the
        student's own (owners checked), never another's file linked in."""
        source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
        try:
            info = os.fstat(source)
            if not stat.S_ISREG(info.st_mode):  # swapped since it was listed
                raise Refused(f"{name!r} is not a plain file")
            if info.st_nlink > 1 and not (self.__dict__.get("_owners_checked") and self._owner(info.st_uid) == student):
                raise Refused(f"{name!r} is a hard link to a file that is not the student's own")
            cap = min(budget[0], MAX_NOTEBOOK_BYTES)
            with open(dest, "xb") as out:
                while chunk := os.read(source, _CHUNK):
                    cap -= len(chunk)
                    if cap < 0:
                        raise Refused(f"{name!r} is over CourseDirectory.max_dir_size ({self.coursedir.max_dir_size} "
                                      f"kB) or {MAX_NOTEBOOK_BYTES // 2**20} MiB")
                    out.write(chunk)
            budget[0] -= os.fstat(source).st_size
            return os.fstat(source).st_ctime if info.st_nlink == 1 or _links_protected() else None
        finally:
            os.close(source)


class SafeList(GuardedExchange, ExchangeList):
    """`nbgrader list --inbound` for this course: a user's own hand-ins only. nbgrader's reads every student's folder in
    the inbound folder as whoever runs it: it printed folder names (a student's text, terminal escapes and a forged
    row reached the TA's terminal) and read each notebook following links (`/dev/zero` until out of memory) and pipes
    (hung) (round 40). The TA reads hand-ins through `nbgrader collect` (SafeCollect) and Formgrader; a student lists
    her own folders as before."""

    def init_dest(self):
        if self.remove and not self.coursedir.course_id:
            self.fail("list --remove needs the course (--course): it removes folders of the exchange, and each course's "
                      "folder is checked before anything in it is removed")
        if self.coursedir.course_id or self.cached:  # the cache is the caller's own
            self.guard_exchange()  # grader/exchange.py
            super().init_dest()
        else:
            self.assignments = self._every_course()
        if not self.inbound:
            return
        mine, others = [], 0
        for path in self.assignments:
            try:
                info = os.lstat(path)
            except OSError:
                others += 1
                continue
            if stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid():
                mine.append(path)
            else:
                others += 1
        if others:
            self.log.warning(f"{others:,} folders of the inbound folder are not listed: they are other users' hand-ins "
                             "(or not folders). Collect them with `nbgrader collect`, and read them in Formgrader")
        self.assignments = mine

    #: Courses a listing over every course says it leaves out, one line each; the rest in a count.
    MAX_REFUSED_LINES = 10
    #: Entries of the exchange's root a listing over every course reads at most (round 48: 200,000 folders a student
    #: made there cost every listing 19 s); past it, a course must be given.
    MAX_COURSES = 1000

    def _every_course(self) -> list[str]:
        """nbgrader's listing without a course (`<root>/*/outbound/*`), over the courses that pass the exchange's
        check only, each checked before anything in it is read. Round 47: a student's own course folders in the
        root put terminal escapes and forged lines into every student's and the TA's `nbgrader list`, a course
        named with a line break made it fail for everyone (and JupyterLab's Assignments tab), and 200,000 of her
        folders cost each listing 43 s."""
        try:
            _, trusted = self._check_root()
            with os.scandir(self.root) as entries:
                courses = [entry.name for _, entry in zip(range(self.MAX_COURSES + 1), entries)]
            if len(courses) > self.MAX_COURSES:
                self.fail(f"the exchange holds more than {self.MAX_COURSES:,} entries (students may make folders "
                          "there): give the course (--course), and only its folder is read")
            courses = sorted(name for name in courses if os.path.isdir(os.path.join(self.root, name))
                             and not os.path.islink(os.path.join(self.root, name)))
        except Unsafe as error:
            self.fail(str(error))
        except OSError as error:
            self.fail(printable(f"the exchange {self.root} cannot be read ({error.strerror})"))
        assignment = self.coursedir.assignment_id or "*"
        student = self.coursedir.student_id or "*"
        found, refused = [], []
        for course in courses:
            try:
                self._check_course(course, trusted)
            except Unsafe as error:
                refused.append(str(error))
                continue
            where = (os.path.join(glob.escape(self.root), glob.escape(course), "inbound", f"{student}+{assignment}+*")
                     if self.inbound else
                     os.path.join(glob.escape(self.root), glob.escape(course), "outbound", assignment))
            found += glob.glob(where)
        for line in refused[:self.MAX_REFUSED_LINES]:
            self.log.warning(f"{line} (not listed)")
        if len(refused) > self.MAX_REFUSED_LINES:
            self.log.warning(f"{len(refused) - self.MAX_REFUSED_LINES:,} more folders of the exchange are not listed: "
                             "they are no courses of a trusted owner's")
        return sorted(found)
