# a19: after a real run (a14b's course folder), what of the course may the local student (uid 1001) read?
cd /tmp/attack52-user-a14b && stat -c '%a %U %n' . * .[a-z]*
setpriv --reuid 1001 --regid 1001 --clear-groups sh -c 'cat /tmp/attack52-user-a14b/grades.csv 2>&1 | head -2; ls /tmp/attack52-user-a14b/feedback 2>&1 | head -2'
