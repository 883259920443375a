#!/usr/bin/env bash
# Opens one scene in the real hooke window (run this under xvfb-run), plays a list of actions with
# xdotool, and quits with Escape. Arguments: the hooke binary, an output folder, the scene, then actions:
#   drag X Y DX DY STEPS   press at (X, Y), move by (DX, DY) in STEPS moves a frame apart, release
#   press X Y              move to (X, Y) and hold the left button down
#   move DX DY STEPS       with the button held, move by (DX, DY) in STEPS moves a frame apart
#   release                let the button go
#   click X Y              a left click
#   wheel N                N notches down (negative: up)
#   key NAME               a key (xdotool's names: d, f, m, Delete, …)
#   wait SECONDS           let the simulation run
#   shot NAME              save the window to NAME.png (the app's S key, renamed)
#   clipboard NAME         save the clipboard's text to NAME.txt (xclip)
# It leaves events.log, stderr.log, the recorded session.txt, the shots, and the exit code in rc.
set -u
bin=$1; out=$2; scene=$3; shift 3
mkdir -p "$out"
cd "$out"
rm -f events.log stderr.log rc session.txt ./*.png

"$bin" --scene "$scene" --software --log-events --size 800x600 --hide-hud --record session.txt > events.log 2> stderr.log &
pid=$!
wid=$(timeout 20 xdotool search --sync --name '^Hooke' | head -1)
if [ -z "$wid" ]; then echo "no window" >&2; kill "$pid"; echo 99 > rc; exit 1; fi
for _ in $(seq 1 100); do grep -q "answer started" events.log && break; sleep 0.1; done
shots=0
while [ $# -gt 0 ]; do
  case $1 in
    drag)
      x=$2; y=$3; dx=$4; dy=$5; n=$6; shift 6
      args=(mousemove --window "$wid" --sync "$x" "$y" mousedown 1)
      for _ in $(seq 1 "$n"); do args+=(sleep 0.02 mousemove_relative --sync -- $((dx / n)) $((dy / n))); done
      xdotool "${args[@]}" mouseup 1 ;;
    press) xdotool mousemove --window "$wid" --sync "$2" "$3" mousedown 1; shift 3 ;;
    move)
      dx=$2; dy=$3; n=$4; shift 4
      args=()
      for _ in $(seq 1 "$n"); do args+=(sleep 0.02 mousemove_relative --sync -- $((dx / n)) $((dy / n))); done
      xdotool "${args[@]}" ;;
    release) xdotool mouseup 1; shift ;;
    click) xdotool mousemove --window "$wid" --sync "$2" "$3" click 1; shift 3 ;;
    wheel)
      button=5; count=$2; [ "$count" -lt 0 ] && { button=4; count=$((-count)); }
      for _ in $(seq 1 "$count"); do xdotool click --window "$wid" $button; done; shift 2 ;;
    key) xdotool key --window "$wid" "$2"; shift 2 ;;
    wait) sleep "$2"; shift 2 ;;
    shot)
      shots=$((shots + 1))
      xdotool key --window "$wid" s
      for _ in $(seq 1 50); do grep -q "answer saved hooke-.*-$shots.png" events.log && break; sleep 0.05; done
      mv "$(ls -t hooke-*-$shots.png | head -1)" "$2.png"; shift 2 ;;
    clipboard) timeout 5 xclip -o -selection clipboard > "$2.txt"; shift 2 ;;
    *) echo "unknown action $1" >&2; shift ;;
  esac
done
xdotool key --window "$wid" Escape
for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && kill "$pid"
wait "$pid"
echo $? > rc
