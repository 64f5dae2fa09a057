#!/bin/bash
# as uid 65534 during the TA's run: what of the sandboxes' and the grader's processes can this account read or signal
for p in $(ps -eo pid,user,cmd --no-headers | grep -E "grader\.(grade|forkserver|zygote|sandbox)|bwrap|ipykernel|python -c import sys" | grep -v grep | awk '{print $1}'); do
  u=$(stat -c %u /proc/$p 2>/dev/null); [ -z "$u" ] && continue
  env=$(head -c 60 /proc/$p/environ 2>&1 | tr '\0' ' ' | head -c 60)
  mem=$(dd if=/proc/$p/mem bs=1 count=1 2>&1 | tail -1 | head -c 50)
  cwd=$(ls /proc/$p/cwd/ 2>&1 | head -1 | head -c 50)
  fds=$(ls /proc/$p/fd 2>&1 | head -1 | head -c 50)
  sig=$(kill -0 $p 2>&1 | head -c 40)
  echo "pid=$p uid=$u environ=[$env] mem=[$mem] cwd=[$cwd] fd=[$fds] kill0=[${sig:-ok}]"
done
