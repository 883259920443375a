#!/usr/bin/env bash
# Random rewinding of the real window for SECONDS (run it under xvfb-run; scripts/soak-rewind does):
# drags and flings, Space, ←, →, presses and drags on the timeline strip, `.`, W, resizes and a few of
# the scene's keys, seeded. Leaves events.log, stderr.log, the saved hooke-session-*.txt and rc in the
# current folder. Arguments: the hooke binary, the scene, SECONDS.
set -u
bin=$1; scene=$2; secs=$3
"$bin" --scene "$scene" --software --log-events --size 1280x800 > events.log 2> stderr.log &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Hooke' | head -1)
for _ in $(seq 1 100); do grep -q "answer started" events.log && break; sleep 0.1; done
RANDOM=7
end=$((SECONDS + secs))
while [ $SECONDS -lt $end ]; do
  r=$((RANDOM % 100))
  if [ $r -lt 20 ]; then
    x=$((100 + RANDOM % 1000)); y=$((100 + RANDOM % 600))
    xdotool mousemove --window "$wid" $x $y mousedown 1 mousemove_relative -- $((RANDOM % 200 - 100)) $((RANDOM % 300 - 150)) sleep 0.02 mousemove_relative -- 0 -40 mouseup 1
  elif [ $r -lt 35 ]; then xdotool key --window "$wid" space
  elif [ $r -lt 60 ]; then xdotool key --window "$wid" Left
  elif [ $r -lt 70 ]; then xdotool key --window "$wid" Right
  elif [ $r -lt 82 ]; then
    xdotool mousemove --window "$wid" $((410 + RANDOM % 380)) 789 mousedown 1 mousemove_relative -- $((RANDOM % 200 - 100)) 0 mouseup 1
  elif [ $r -lt 86 ]; then xdotool key --window "$wid" period
  elif [ $r -lt 90 ]; then xdotool key --window "$wid" w
  elif [ $r -lt 93 ]; then xdotool windowsize "$wid" $((900 + RANDOM % 400)) $((650 + RANDOM % 150))
  else
    keys=(d i Tab h r)
    xdotool key --window "$wid" "${keys[$((RANDOM % 5))]}"
  fi
  sleep 0.$((RANDOM % 3 + 1))
done
xdotool key --window "$wid" Escape
wait $pid; echo $? > rc
