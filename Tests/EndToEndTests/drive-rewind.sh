#!/usr/bin/env bash
# Drives the real hooke window's rewind with xdotool: a fling (or a sideways push), a pause while it
# moves, ten frames back with the left arrow, a drag on the timeline strip, five frames forward, then
# a resume. Screenshots (the S key) after each. Run it under xvfb-run.
# Arguments: the hooke binary, an output folder, the scene, and the drag: "fling" or "push".
set -u
bin=$1
out=$2
scene=$3
drag=$4
mkdir -p "$out"
cd "$out"
rm -f events.log stderr.log rc hooke-"$scene"-*.png hooke-session-*.txt

"$bin" --scene "$scene" --software --log-events --size 1280x800 > events.log 2> stderr.log &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Hooke' | head -1)
if [ -z "$wid" ]; then
  echo "no hooke window appeared within 20 s" >&2
  kill "$pid" 2>/dev/null
  echo 99 > rc
  exit 1
fi
for _ in $(seq 1 100); do grep -q "answer started" events.log && break; sleep 0.1; done
sleep 1

if [ "$drag" = fling ]; then
  # Up fast and let go: the list coasts on.
  # One xdotool call, a move every 12 ms: fast enough for a fling.
  xdotool mousemove --window "$wid" --sync 640 700 mousedown 1 \
    $(for _ in $(seq 1 10); do printf 'mousemove_relative -- 0 -55 sleep 0.012 '; done) mouseup 1
  sleep 0.3
else
  # A sideways drag pushes the first ball; after the release the cradle swings.
  xdotool mousemove --window "$wid" --sync 300 400 mousedown 1
  for _ in $(seq 1 6); do xdotool mousemove_relative --sync -- -40 0; done
  sleep 0.3
  xdotool mouseup 1
  sleep 1.2
fi
xdotool key --window "$wid" space
sleep 0.3
xdotool key --window "$wid" s            # 1: paused mid-motion, at the live end
sleep 0.5
for _ in $(seq 1 10); do xdotool key --window "$wid" Left; sleep 0.05; done
sleep 0.3
xdotool key --window "$wid" s            # 2: ten frames back
sleep 0.5
# The strip lies on the right half of the status line (x 405 to 800 at 1280 wide, y 789).
xdotool mousemove --window "$wid" --sync 790 789 mousedown 1
for _ in $(seq 1 6); do xdotool mousemove_relative --sync -- -40 0; sleep 0.05; done
xdotool mouseup 1
sleep 0.3
xdotool key --window "$wid" s            # 3: scrubbed back along the strip
sleep 0.3
xdotool key --window "$wid" w            # the session up to here: hooke-session-1.txt
sleep 0.5
for _ in $(seq 1 5); do xdotool key --window "$wid" Right; sleep 0.05; done
sleep 0.3
xdotool key --window "$wid" s            # 4: five frames forward
sleep 0.5
xdotool key --window "$wid" space
sleep 0.4
xdotool key --window "$wid" s            # 5: resumed from there: a new future
sleep 0.5
xdotool key --window "$wid" Escape
for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && kill "$pid"
wait "$pid"
echo $? > rc
