#!/bin/bash
# time N creations of a network namespace (as bwrap --unshare-net does)
for i in $(seq 1 ${1:-10}); do s=$(date +%s.%N); unshare -n true; e=$(date +%s.%N); echo "$e - $s" | bc; done | sort -n | awk '{a[NR]=$1} END {print "netns create: n="NR, "min="a[1], "median="a[int((NR+1)/2)], "max="a[NR]}'
