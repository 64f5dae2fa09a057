# a13: a checkout as `git clone` leaves it under the TA's umask 022 (this round's clone, never graded with `make grade`
# in the checkout itself): is source/ (solutions) and autograders/ (quiz keys) every local user's to read before the
# first `make grade`? (make venv / lab / release / test / nbval never call keep_private)
cd CLONE
stat -c '%a %U %n' source source/ps1_memory source/ps1_memory/ps1_memory.ipynb autograders autograders/ps1_memory.py 2>/dev/null
grep -n "keep_private" Makefile tools/*.py grader/formgrader_guard.py | head
setpriv --reuid 1001 --regid 1001 --clear-groups sh -c 'grep -c "BEGIN SOLUTION" CLONE/source/ps1_memory/ps1_memory.ipynb; grep -o "q1[^,]*" CLONE/autograders/*.py | head -3'
