#!/usr/bin/env bash
# Drives the real hooke window with xdotool: a drag, three wheel notches, a key, a resize, a screenshot
# key and Escape. Run it under xvfb-run. Arguments: the hooke binary, an output folder.
# It leaves events.log (hooke's --log-events output), stderr.log, final.png and the app's exit code in rc.
set -u
bin=$1
out=$2
mkdir -p "$out"
cd "$out"
rm -f events.log stderr.log final.png rc session.txt hooke-calibration-*.png

"$bin" --scene calibration --software --log-events --size 800x600 --screenshot final.png --record session.txt \
  > events.log 2> stderr.log &
pid=$!

wid=$(timeout 20 xdotool search --sync --name '^Hooke' | head -1)
if [ -z "$wid" ]; then
  echo "no hooke window appeared within 20 s" >&2
  kill "$pid" 2>/dev/null
  echo 99 > rc
  exit 1
fi
# Wait until the app has drawn its first frames and says it started.
for _ in $(seq 1 100); do grep -q "answer started" events.log && break; sleep 0.1; done

xdotool mousemove --window "$wid" --sync 200 200 mousedown 1 \
  mousemove_relative --sync 0 20 mousemove_relative --sync 0 20 mousemove_relative --sync 0 20 \
  mousemove_relative --sync 0 20 mousemove_relative --sync 0 20 mouseup 1
xdotool click --window "$wid" 5 click --window "$wid" 5 click --window "$wid" 5
xdotool key --window "$wid" k
sleep 0.3
xdotool windowsize "$wid" 640 480
sleep 0.5
xdotool key --window "$wid" s
sleep 0.3
xdotool key --window "$wid" Escape

for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  echo "hooke did not quit within 10 s of Escape" >&2
  kill "$pid"
fi
wait "$pid"
echo $? > rc
