"""`nbgrader collect` (and Formgrader's Collect button), for this course: it reads what students wrote, never
what their links point at.

nbgrader's collect copies each student's folder from the exchange's inbound folder, which every student may write,
with `shutil.copytree`, which follows links, as the TA: a hand-in whose notebook was a link to the course's
`source/` notebook scored full marks with the solutions in its feedback; links to `/proc/self/environ`, the judges and
the gradebook put the TA's secrets and the hidden checks into the student's own kernel folder, printed into her own
feedback; a link to `/dev/zero` filled the disk (round 38). And a folder named for another student, owned by
someone else, was collected as that student's, with a warning only. Here links are copied as links (which
`make grade` then refuses, naming them), pipes and other special files are left out, and a submission whose folder
is not owned by the student it names is not collected (where ownership can be checked), said in the log.
"""

from __future__ import annotations

import os
import shutil
import stat

from nbgrader.exchange.default.collect import ExchangeCollect
from nbgrader.utils import ignore_patterns

try:
    import pwd
except ImportError:  # no owners to check (Windows)
    pwd = None


class SafeCollect(ExchangeCollect):
    def _path_to_record(self, path):
        """A folder whose name's time does not parse is not collected (nbgrader's own stopped the whole collection:
        an empty folder `mallory+ps1_memory+not a date+x` beside good hand-ins, round 38)."""
        try:
            return super()._path_to_record(path)
        except Exception:  # noqa: BLE001 - dateutil's ParserError, OverflowError, ...: the name is the student's
            import datetime

            return {"username": os.path.basename(path).split("+", 1)[0], "filename": os.path.basename(path),
                    "timestamp": datetime.datetime.min, "unreadable": True}  # naive UTC, as parse_utc

    def init_src(self):
        super().init_src()
        for record in self.src_records:
            if record.get("unreadable"):
                self.log.error(f"not collected: {record['filename']!r}: its time does not read as a date")
        self.src_records = [record for record in self.src_records if not record.get("unreadable")]
        if not (self.check_owner and pwd is not None):
            return
        kept = []
        for record in self.src_records:
            path = os.path.join(self.inbound_path, record["filename"])
            try:
                owner = pwd.getpwuid(os.lstat(path).st_uid).pw_name
            except (KeyError, OSError):
                owner = None
            if owner == record["username"]:
                kept.append(record)
            else:
                self.log.error(f"not collected: {record['filename']!r} claims to be by {record['username']!r} but is "
                               f"owned by {owner or 'an unknown user'!r} (CollectApp.check_owner=False collects it)")
        self.src_records = kept

    def do_copy(self, src, dest, log=None):
        """Copy the student's folder as it is: links as links, special files left out, the course's ignore list."""
        if os.path.islink(src) or not os.path.isdir(src):
            raise RuntimeError(f"{src} is not a folder (a link?): not collected")
        size = sum(os.lstat(os.path.join(d, name)).st_size for d, _, names in os.walk(src) for name in names)
        if size > 1000 * self.coursedir.max_dir_size:
            raise RuntimeError(f"Directory size is too big. Size is {size}, maximum size is "
                               f"{1000 * self.coursedir.max_dir_size}")
        nbgrader_ignore = ignore_patterns(exclude=self.coursedir.ignore, include=self.coursedir.include,
                                          max_file_size=self.coursedir.max_file_size, log=self.log)

        def ignore(folder, names):
            left_out = set(nbgrader_ignore(folder, names))
            for name in names:
                mode = os.lstat(os.path.join(folder, name)).st_mode
                if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
                    self.log.error(f"not collected: {os.path.join(folder, name)} is not a file or folder")
                    left_out.add(name)
            return left_out

        shutil.copytree(src, dest, symlinks=True, ignore=ignore)
        if self.coursedir.groupshared:  # as nbgrader's own copy does
            for dirname, _, filenames in os.walk(dest):
                os.chmod(dirname, os.stat(dirname).st_mode | stat.S_IRWXU | stat.S_IRWXG)
                for filename in filenames:
                    path = os.path.join(dirname, filename)
                    if not os.path.islink(path):
                        os.chmod(path, os.stat(path).st_mode | stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP
                                 | stat.S_IWGRP)
