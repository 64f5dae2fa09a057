#!/bin/sh
# a02b: draw a02's summary (stdout) and nina's kept log in a real 80x200 tmux pane (UTF-8), capture the rows.
S=a33u$$
tmux -u -f /dev/null new-session -d -s $S -x 80 -y 200 "env LANG=C.UTF-8 sh -c 'cat tests/attacks/round33/user/a02.stdout.txt; sleep 30'"
sleep 1; echo "--- summary, tmux rows containing the hexagrams or zoe:"; tmux capture-pane -p -t $S | grep -n "䷀\|zoe" 
tmux kill-session -t $S
tmux -u -f /dev/null new-session -d -s $S -x 80 -y 200 "env LANG=C.UTF-8 sh -c 'grep -A1 -B1 ䷀ tests/attacks/round33/user/a02.nina_kept.log; sleep 30'"
sleep 1; echo "--- kept log lines around the hexagrams, tmux rows:"; tmux capture-pane -p -t $S | grep -v '^$'
tmux kill-session -t $S
