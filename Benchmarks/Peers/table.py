#!/usr/bin/env python3
"""The side-by-side table of scripts/bench-peers, from its logs.

    table.py LOGDIR

Reads LOGDIR/round-*.txt (lines "R<round> bench <engine> <name> ... median_us=<x> ...") and
LOGDIR/oscillator.txt, LOGDIR/versions.txt. For each workload and round it takes each engine's median
frame (or step) time and their ratio; the table gives the median over rounds of each engine's median,
and the median of the per-round ratios with their range. Times are ms per 1/60 s frame.
"""
import glob
import os
import re
import statistics
import sys

logdir = sys.argv[1]
line = re.compile(r"^R(\d+) bench (\S+) (\S+) .*median_us=([0-9.eE+-]+)")
medians = {}  # (round, engine, name) -> ms
for path in glob.glob(os.path.join(logdir, "round-*.txt")):
    for text in open(path):
        m = line.match(text.strip())
        if m:
            medians[(int(m.group(1)), m.group(2), m.group(3))] = float(m.group(4)) / 1000
rounds = sorted({key[0] for key in medians})

# (label, Hooke's figure, Box2D's, Chipmunk's); Hooke's benchmark prints under the group "dynamics".
rows = [
    ("10,000 springs, step only", "springs-10000-step", "springs-10000-distance-noshape-ss4-step",
     "springs-10000-noshape-x1-step"),
    ("10,000 springs, frame: move every item, then step", "springs-10000-frame",
     "springs-10000-distance-noshape-ss4-frame", "springs-10000-noshape-x1-frame"),
    ("10,000 springs, the moves alone", "springs-10000-nudge", "springs-10000-distance-noshape-ss4-nudge",
     "springs-10000-noshape-x1-nudge"),
    ("1,000 springs, frame", "springs-1000-frame", "springs-1000-distance-noshape-ss4-frame",
     "springs-1000-noshape-x1-frame"),
    ("1,000 boxes falling into the container", "boxes-1000-falling", "boxes-1000-nosleep-falling",
     "boxes-1000-x1-falling"),
    ("1,000 boxes piled, kept awake", "boxes-1000-piled-awake", "boxes-1000-nosleep-piled-awake",
     "boxes-1000-x1-piled-awake"),
    # The peer suite's scenes (docs/peer-suite.md): each of the first 300 frames from the start.
    ("pyramid of 5,050 boxes (peer suite: pyramid-100)", "peer-pyramid-100-frame", "peer-pyramid-100-frame", None),
    ("400 pyramids, 22,000 boxes (many-pyramids-20x20)", "peer-many-pyramids-20x20-frame",
     "peer-many-pyramids-20x20-frame", None),
    ("joint grid 100 × 100 (joint-grid-100)", "peer-joint-grid-100-frame", "peer-joint-grid-100-frame", None),
    ("10 stacks of 15 on a segment (stacks-10x15-segment)", "peer-stacks-10x15-segment-frame",
     "peer-stacks-10x15-segment-frame", None),
    ("tumbler, 400 boxes (tumbler-400)", "peer-tumbler-400-frame", "peer-tumbler-400-frame", None),
]


def fmt(v):
    if v is None:
        return ""
    return f"{v:.3f}" if v < 0.1 else f"{v:.2f}" if v < 10 else f"{v:.1f}"


def over_rounds(engine, name):
    if name is None:
        return None
    values = [medians[(r, engine, name)] for r in rounds if (r, engine, name) in medians]
    return statistics.median(values) if values else None


def ratio(name, engine, other):
    if other is None:
        return ""
    values = [medians[(r, "dynamics", name)] / medians[(r, engine, other)]
              for r in rounds if (r, "dynamics", name) in medians and (r, engine, other) in medians
              and medians[(r, engine, other)] > 0]
    if not values:
        return ""
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


versions = os.path.join(logdir, "versions.txt")
if os.path.exists(versions):
    print("".join("    " + v for v in open(versions)))
print(f"{len(rounds)} rounds; ms per 1/60 s frame, the median over rounds of each run's median frame;")
print("ratios: the median over rounds of that round's ratio, with their range in brackets.\n")
print("| workload | Hooke | Box2D | Hooke / Box2D | Chipmunk | Hooke / Chipmunk |")
print("|---|---|---|---|---|---|")
for label, hooke, box2d, chipmunk in rows:
    print(f"| {label} | {fmt(over_rounds('dynamics', hooke))} | {fmt(over_rounds('box2d', box2d))} | "
          f"{ratio(hooke, 'box2d', box2d)} | {fmt(over_rounds('chipmunk', chipmunk))} | "
          f"{ratio(hooke, 'chipmunk', chipmunk)} |")

oscillator = os.path.join(logdir, "oscillator.txt")
if os.path.exists(oscillator):
    print("\nSpring accuracy: largest error in pt over 3 s, released 100 pt from rest, 1 Hz")
    for text in open(oscillator):
        if text.startswith("osc "):
            print("    " + text.rstrip())
