#!/bin/sh
# a15: a14's handed-in nbgrader_config.py, with nbgrader commands that run nothing of a notebook, from mallory2's
# hand-in folder (course left by a14). Run after a14_validate_from_handin_folder.py.
cd /tmp/attack38-root-a14/submitted/mallory2/ps1_memory && rm -f /tmp/attack38-root-a14-proof.txt
for cmd in "db student list" "list" "--version"; do
  timeout 60 CLONE/.venv/bin/nbgrader $cmd >/dev/null 2>&1
  echo "nbgrader $cmd (in mallory2's hand-in folder) -> proof: $(cat /tmp/attack38-root-a14-proof.txt 2>/dev/null | head -c 150 || echo none)"
  rm -f /tmp/attack38-root-a14-proof.txt
done
