#!/bin/sh
# a06: a helper that takes its time (apport serialises crashes behind a lock; systemd-coredump waits on journald):
# logs, then sleeps 20 s without reading the dump
echo "$(date +%s.%N) start uid=$(id -u) crashed=$1" >> tests/attacks/round38/core_helper_slow.log
sleep 20
echo "$(date +%s.%N) end crashed=$1" >> tests/attacks/round38/core_helper_slow.log
