#!/bin/bash
# a03: AF_UNIX descriptors in flight are counted per host user (user->unix_inflight) and checked against the
# SENDER's RLIMIT_NOFILE: does a sandbox-like process (uid 65534, nofile 1280) leave a count behind that stops
# later fd passing (multiprocessing forkserver, the zygote's send_fds) of the same user? Standalone (no grader).
P="setpriv --reuid 65534 --regid 65534 --clear-groups"
N=tests/attacks/round30/user
echo "--- hold sockets open, check from another process"; $P bash -c "ulimit -n 1280; python3 $N/unixgc_hold.py hold 6" &
sleep 3; $P bash -c "ulimit -n 1280; python3 $N/unixgc_probe.py check"; wait
echo "--- after exit"; $P bash -c "ulimit -n 1280; python3 $N/unixgc_probe.py check"
echo "--- garbage cycles left (sockets closed while in flight)"; $P bash -c "ulimit -n 1280; python3 $N/unixgc_hold.py garbage 6" &
sleep 3; $P bash -c "ulimit -n 1280; python3 $N/unixgc_probe.py check"; wait
$P bash -c "ulimit -n 1280; python3 $N/unixgc_probe.py check"
