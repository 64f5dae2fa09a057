#!/bin/sh
# a18: attack the new grader/collect.py (SafeCollect). nbgrader's collect loop has no try around do_copy, and
# SafeCollect.do_copy raises for a hand-in that is not a folder (a link, a file) or is too big: one student's entry in
# the inbound folder stops the collection of every student after it. Owner checks off (no such accounts here).
set -u
D=/tmp/attack38-root-a18; rm -rf $D; mkdir -p $D; cp CLONE/nbgrader_config.py $D/; cp -r CLONE/source CLONE/release $D/
IN=$D/exchange/distcourse/inbound; mkdir -p $IN
NB=CLONE/release/ps1_memory/ps1_memory.ipynb
mkdir -p "$IN/aaron+ps1_memory+2024-01-02 00:00:00.000000 UTC+a1"; cp $NB "$IN/aaron+ps1_memory+2024-01-02 00:00:00.000000 UTC+a1/"
for s in bob carol dave erin frank gina hugo ivan; do mkdir -p "$IN/$s+ps1_memory+2024-01-02 00:00:00.000000 UTC+x"; cp $NB "$IN/$s+ps1_memory+2024-01-02 00:00:00.000000 UTC+x/"; done
ln -s /etc "$IN/mallory+ps1_memory+2030-01-01 00:00:00.000000 UTC+m1"     # a link, not a folder
mkdir -p "$IN/zoe+ps1_memory+2024-01-03 00:00:00.000000 UTC+z1"; cp $NB "$IN/zoe+ps1_memory+2024-01-03 00:00:00.000000 UTC+z1/"
cd $D && PATH=CLONE/.venv/bin:$PATH timeout 120 CLONE/.venv/bin/nbgrader collect ps1_memory --Exchange.root=$D/exchange --ExchangeCollect.check_owner=False 2>&1 | grep -v "^ " | tail -6
echo "rc=$?"; echo "collected:"; ls $D/submitted 2>&1 | tr "\n" " "; echo; for s in $D/submitted/*; do echo "$(basename $s): $(ls $s/ps1_memory 2>/dev/null | tr "\n" " ")"; done
