# a04's host probe: time `unshare -n true` $1 times (needs bc), print median and max
for i in $(seq 1 $1); do s=$(date +%s.%N); unshare -n true; e=$(date +%s.%N); echo "$e - $s" | bc; done | sort -n | awk '{a[NR]=$1} END {print "n="NR, "median", a[int(NR/2)+1], "max", a[NR]}'
