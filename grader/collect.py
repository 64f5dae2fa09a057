"""`nbgrader collect` (and Formgrader's Collect button), for this course: it reads what students wrote, never
what their links point at, and one student's folder cannot stop the others'.

nbgrader's collect copies each student's folder from the exchange's inbound folder, which every student may write,
with `shutil.copytree`, which follows links, as the TA: a hand-in whose notebook was a link to the course's
`source/` notebook scored full marks with the solutions in its feedback; links to `/proc/self/environ`, the judges and
the gradebook put the TA's secrets and the hidden checks into the student's own kernel folder, printed into her own
feedback; a link to `/dev/zero` filled the disk; a folder named for another student, owned by someone else, was
collected as that student's, with a warning only; one folder whose name's time did not parse, or that could not be
read, stopped the collection of the whole class (round 38). Here:

- each file is copied through descriptors opened without following a link (`O_NOFOLLOW`, each folder from the one
  before), checked with `fstat` once open, so swapping a link in while the TA collects copies nothing it points at;
  a link is copied as a link (`make grade` then refuses the hand-in, naming it), anything but files, folders and
  links is left out, and the copy stops at the course's size cap as it reads;
- files that tools the TA may run in a student's folder load as code or configuration (`nbgrader_config.py`, Jupyter
  and IPython configuration, `.git`) are left out;
- a folder is collected only if it is a folder owned by the student it names (where owners can be checked), that
  name is a student id `make grade` takes, and its time reads as a date; these are checked before each student's
  newest folder is picked, so a folder forged in another's name cannot hide theirs;
- a folder that cannot be copied is said in the log and not collected (nothing half-copied is left); the others
  are collected.
"""

from __future__ import annotations

import datetime
import fnmatch
import os
import shutil
import stat

from nbgrader.exchange.default.collect import ExchangeCollect

from grader.grade import TOOL_FILES, id_refusal

try:
    import pwd
except ImportError:  # no owners to check (Windows)
    pwd = None

#: Folders deeper than this are not collected (a copy of 600 levels stopped nbgrader's with a RecursionError).
MAX_DEPTH = 32
_CHUNK = 1 << 20
#: Files, folders and links one student's folder may hold: what `make grade` grades (grader.sandbox.MAX_FILES).
MAX_ENTRIES = 1_000


class Refused(Exception):
    """A student's folder that is not collected, and why."""


class SafeCollect(ExchangeCollect):
    def _path_to_record(self, path):
        filename = os.path.basename(path)
        username = filename.rsplit("+", 3)[0]
        record = {"username": username, "filename": filename, "timestamp": datetime.datetime.min}  # naive UTC
        try:
            record.update(super()._path_to_record(path))
        except Exception:  # noqa: BLE001 - dateutil's ParserError, OverflowError, ...: the name is the student's
            record["refused"] = "its time does not read as a date"
            return record
        if id_refusal(username):
            record["refused"] = "the name before its first '+' is not a student id make grade takes"
            return record
        try:
            info = os.lstat(path)
        except OSError as error:
            record["refused"] = f"it cannot be read ({error.strerror})"
            return record
        if not stat.S_ISDIR(info.st_mode):
            record["refused"] = "it is not a folder (a link?)"
        elif self.check_owner and pwd is not None:
            try:
                owner = pwd.getpwuid(info.st_uid).pw_name
            except KeyError:
                owner = None
            if owner != username:
                record["refused"] = (f"it is owned by {owner or 'an unknown user'!r}, not by the student it names "
                                     "(CollectApp.check_owner=False collects it)")
        return record

    def _sort_by_timestamp(self, records):
        """Newest first, folders that are not collected last: each student's newest collectable folder is picked."""
        return sorted(records, key=lambda r: ("refused" not in r, r["timestamp"]), reverse=True)

    def init_dest(self):
        super().init_dest()
        read = self.coursedir.get_existing_timestamp

        def existing_timestamp(path):  # an earlier copy's timestamp.txt is the student's text: unreadable is none
            try:
                return read(path)
            except Exception:  # noqa: BLE001
                return None

        self.coursedir.get_existing_timestamp = existing_timestamp

    def init_src(self):
        super().init_src()
        for record in self.src_records:
            if "refused" in record:
                self.log.error(f"not collected: {record['filename']!r}: {record['refused']}")
        self.src_records = [record for record in self.src_records if "refused" not in record]
        self.check_owner = False  # checked above, on the folder itself (nbgrader's own check follows a link)

    def do_copy(self, src, dest, log=None):
        """Copy the student's folder into a new folder beside `dest`, then rename it into place; on any error, log
        it and collect nothing of this student."""
        partial = f"{dest}.collecting"
        shutil.rmtree(partial, ignore_errors=True)
        try:
            fd = os.open(src, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
            try:
                self._copy_folder(fd, partial, src, [1000 * self.coursedir.max_dir_size, MAX_ENTRIES], 0)
            finally:
                os.close(fd)
            if self.coursedir.groupshared:
                for dirname, _, filenames in os.walk(partial):
                    os.chmod(dirname, os.stat(dirname).st_mode | stat.S_IRWXU | stat.S_IRWXG)
            os.rename(partial, dest)
        except (OSError, Refused) as error:
            shutil.rmtree(partial, ignore_errors=True)
            self.log.error(f"not collected: {os.path.basename(src)!r}: {error}")

    def _left_out(self, name: str) -> bool:
        return (any(fnmatch.fnmatch(name, glob) for glob in self.coursedir.ignore)
                or any(fnmatch.fnmatch(name.lower(), glob) for glob in TOOL_FILES))

    def _copy_folder(self, fd: int, dest: str, shown: str, budget: list[int], depth: int) -> None:
        if depth > MAX_DEPTH:
            raise Refused(f"{shown} is more than {MAX_DEPTH} folders deep")
        os.mkdir(dest, 0o700)
        names = os.listdir(fd)
        budget[1] -= len(names)
        if budget[1] < 0:  # bytes are capped as they are read; names (empty files, links) cost the TA's disk too
            raise Refused(f"the folder holds more than {MAX_ENTRIES:,} files, folders and links (round 39: 300,000 "
                          "empty ones)")
        for name in sorted(names):
            path = os.path.join(shown, name)
            if self._left_out(name):
                self.log.warning(f"not collected: {path!r} (a file the course does not take)")
                continue
            info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode) and depth == 0 and name == "timestamp.txt":
                self.log.warning(f"not collected: {path!r} is a link")  # nbgrader reads it, following links
            elif stat.S_ISLNK(info.st_mode):
                target = os.readlink(name, dir_fd=fd)
                budget[0] -= len(target)  # each copy holds its target: counted, as the bytes of a file
                os.symlink(target, os.path.join(dest, name))  # kept, never followed
            elif stat.S_ISDIR(info.st_mode):
                child = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
                try:
                    self._copy_folder(child, os.path.join(dest, name), path, budget, depth + 1)
                finally:
                    os.close(child)
            elif stat.S_ISREG(info.st_mode):
                self._copy_file(fd, name, os.path.join(dest, name), path, budget)
            else:
                self.log.warning(f"not collected: {path!r} is not a file, folder or link")

    def _copy_file(self, fd: int, name: str, dest: str, shown: str, budget: list[int]) -> None:
        source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
        try:
            if not stat.S_ISREG(os.fstat(source).st_mode):  # swapped since it was listed
                self.log.warning(f"not collected: {shown!r} is not a file")
                return
            with open(dest, "xb") as out:
                while chunk := os.read(source, _CHUNK):
                    budget[0] -= len(chunk)
                    if budget[0] < 0:
                        raise Refused(f"the folder holds more than CourseDirectory.max_dir_size "
                                      f"({self.coursedir.max_dir_size} kB)")
                    out.write(chunk)
        finally:
            os.close(source)
