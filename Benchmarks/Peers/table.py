#!/usr/bin/env python3
"""The side-by-side tables of scripts/bench-peers, from its logs.

    table.py LOGDIR

Reads LOGDIR/round-*.txt (lines "R<round> W<workers> <workload> bench <engine> <name> ... mean_us=<x>
... median_us=<x> ..."), LOGDIR/oscillator.txt and LOGDIR/versions.txt. For each workload, worker count
and round it takes each engine's figure (the median frame, or the mean step of a run of Box2D's
benchmark scenes) and Hooke's ratio to it; a table gives the median over rounds of each engine's figure,
and the median of the per-round ratios with their range. Times are ms per 1/60 s frame or step.
"""
import glob
import os
import re
import statistics
import sys

logdir = sys.argv[1]
line = re.compile(r"^R(\d+) W(\d+) (\S+) bench (\S+) (\S+) (.*)$")
figures = {}  # (round, workers, workload, engine, name, "mean" or "median") -> ms
for path in glob.glob(os.path.join(logdir, "round-*.txt")):
    for text in open(path):
        m = line.match(text.strip())
        if not m:
            continue
        for stat in ("mean", "median"):
            value = re.search(stat + r"_us=([0-9.eE+-]+)", m.group(6))
            if value:
                key = (int(m.group(1)), int(m.group(2)), m.group(3), m.group(4), m.group(5), stat)
                figures[key] = float(value.group(1)) / 1000
rounds = sorted({key[0] for key in figures})
worker_counts = sorted({key[1] for key in figures})
HOOKE = "dynamics"  # Hooke's benchmark prints under the group "dynamics"

# The rows with goals: (label, workload, Hooke's name, Box2D's name, the statistic, goal for Hooke ÷
# Box2D main, one worker only). Box2D's benchmark scenes time a whole run, so those rows compare Hooke's
# mean frame with Box2D's mean step; the harness rows compare median frames.
GOAL_ROWS = [
    ("10,000 springs, frame", "springs-10000", "springs-10000-frame", "springs-10000-distance-noshape-ss4-frame",
     "median", 0.15, True),
    ("1,000 boxes falling into the container", "boxes-1000", "boxes-1000-falling", "boxes-1000-nosleep-falling",
     "median", 1.0, False),
    ("1,000 boxes piled, kept awake", "boxes-1000", "boxes-1000-piled-awake", "boxes-1000-nosleep-piled-awake",
     "median", 1.0, False),
    ("large pyramid, 5,050 boxes, 500 steps", "large_pyramid", "peer-pyramid-100-frame", "large_pyramid-step",
     "mean", 1.0, False),
    ("many pyramids, 22,000 boxes, 200 steps", "many_pyramids", "peer-many-pyramids-20x20-frame",
     "many_pyramids-step", "mean", 1.0, False),
    ("joint grid 100 × 100, 500 steps", "joint_grid", "peer-joint-grid-100-frame", "joint_grid-step", "mean", 1.0,
     False),
]

# The detailed rows on one worker: (label, workload, Hooke's name, Box2D's, Chipmunk's).
DETAIL_ROWS = [
    ("10,000 springs, step only", "springs-10000", "springs-10000-step", "springs-10000-distance-noshape-ss4-step",
     "springs-10000-noshape-x1-step"),
    ("10,000 springs, frame: move every item, then step", "springs-10000", "springs-10000-frame",
     "springs-10000-distance-noshape-ss4-frame", "springs-10000-noshape-x1-frame"),
    ("10,000 springs, the moves alone", "springs-10000", "springs-10000-nudge",
     "springs-10000-distance-noshape-ss4-nudge", "springs-10000-noshape-x1-nudge"),
    ("1,000 springs, frame", "springs-1000", "springs-1000-frame", "springs-1000-distance-noshape-ss4-frame",
     "springs-1000-noshape-x1-frame"),
    ("1,000 boxes falling into the container", "boxes-1000", "boxes-1000-falling", "boxes-1000-nosleep-falling",
     "boxes-1000-x1-falling"),
    ("1,000 boxes piled, kept awake", "boxes-1000", "boxes-1000-piled-awake", "boxes-1000-nosleep-piled-awake",
     "boxes-1000-x1-piled-awake"),
    # The peer suite's scenes (docs/peer-suite.md), each of the first 300 frames from the start, against
    # the suite's C scenes, which build against v3.1.1 only.
    ("pyramid of 5,050 boxes (peer suite: pyramid-100)", "peer-pyramid-100", "peer-pyramid-100-frame",
     "peer-pyramid-100-frame", None),
    ("400 pyramids, 22,000 boxes (many-pyramids-20x20)", "peer-many-pyramids-20x20",
     "peer-many-pyramids-20x20-frame", "peer-many-pyramids-20x20-frame", None),
    ("joint grid 100 × 100 (joint-grid-100)", "peer-joint-grid-100", "peer-joint-grid-100-frame",
     "peer-joint-grid-100-frame", None),
    ("10 stacks of 15 on a segment (stacks-10x15-segment)", "peer-stacks-10x15-segment",
     "peer-stacks-10x15-segment-frame", "peer-stacks-10x15-segment-frame", None),
    ("tumbler, 400 boxes (tumbler-400)", "peer-tumbler-400", "peer-tumbler-400-frame", "peer-tumbler-400-frame",
     None),
]


def fmt(v):
    if v is None:
        return ""
    return f"{v:.3f}" if v < 0.1 else f"{v:.2f}" if v < 10 else f"{v:.1f}"


def values(workers, workload, engine, name, stat):
    if name is None:
        return {}
    return {r: figures[k] for r in rounds
            if (k := (r, workers, workload, engine, name, stat)) in figures}


def over_rounds(workers, workload, engine, name, stat="median"):
    found = values(workers, workload, engine, name, stat)
    return statistics.median(found.values()) if found else None


def ratios(top, bottom):
    """Per-round ratios of two {round: ms} maps, the rounds both have."""
    return [top[r] / bottom[r] for r in top if r in bottom and bottom[r] > 0]


def summary(found):
    """The median of per-round ratios with their range, and the median alone (None without rounds)."""
    if not found:
        return "", None
    middle = statistics.median(found)
    return f"{middle:.2f} ({min(found):.2f}–{max(found):.2f})", middle


def goal_table():
    print("| scene | workers | Box2D v3.1.1 | Box2D main | Hooke | Hooke ÷ main | goal | met |")
    print("|---|---|---|---|---|---|---|---|")
    for label, workload, hooke, box2d, stat, goal, one_worker in GOAL_ROWS:
        for w in [1] if one_worker else worker_counts:
            mine = values(w, workload, HOOKE, hooke, stat)
            main = values(w, workload, "box2d-main", box2d, stat)
            if not mine and not main:
                continue
            text, middle = summary(ratios(mine, main))
            met = "" if middle is None else "yes" if middle <= goal else "no"
            print(f"| {label} | {w} | {fmt(over_rounds(w, workload, 'box2d', box2d, stat))} | "
                  f"{fmt(over_rounds(w, workload, 'box2d-main', box2d, stat))} | "
                  f"{fmt(over_rounds(w, workload, HOOKE, hooke, stat))} | {text} | ≤ {goal} | {met} |")


def speedups():
    """Each engine's 1-worker time over its N-worker time, round by round; Hooke's goal is 1.6."""
    if len(worker_counts) < 2:
        return
    n = worker_counts[-1]
    print(f"\nSpeed-up on {n} workers (the 1-worker time ÷ the {n}-worker time, median over rounds):\n")
    print("| scene | Box2D v3.1.1 | Box2D main | Hooke | goal for Hooke | met |")
    print("|---|---|---|---|---|---|")
    for label, workload, hooke, box2d, stat, _, _ in GOAL_ROWS:
        if workload not in ("large_pyramid", "many_pyramids"):
            continue
        cells = []
        for engine, name in (("box2d", box2d), ("box2d-main", box2d), (HOOKE, hooke)):
            text, middle = summary(ratios(values(1, workload, engine, name, stat),
                                          values(n, workload, engine, name, stat)))
            cells.append((text, middle))
        middle = cells[2][1]
        met = "" if middle is None else "yes" if middle >= 1.6 else "no"
        print(f"| {label} | {cells[0][0]} | {cells[1][0]} | {cells[2][0]} | ≥ 1.6 | {met} |")


def detail_table():
    print("| workload | Hooke | Box2D v3.1.1 | Hooke / v3.1.1 | Box2D main | Hooke / main | Chipmunk "
          "| Hooke / Chipmunk |")
    print("|---|---|---|---|---|---|---|---|")
    for label, workload, hooke, box2d, chipmunk in DETAIL_ROWS:
        mine = values(1, workload, HOOKE, hooke, "median")
        cells = [fmt(over_rounds(1, workload, HOOKE, hooke))]
        for engine, name in (("box2d", box2d), ("box2d-main", box2d), ("chipmunk", chipmunk)):
            theirs = values(1, workload, engine, name, "median")
            cells += [fmt(over_rounds(1, workload, engine, name)), summary(ratios(mine, theirs))[0]]
        print("| " + label + " | " + " | ".join(cells) + " |")


versions = os.path.join(logdir, "versions.txt")
if os.path.exists(versions):
    print("".join("    " + v for v in open(versions)))
print(f"{len(rounds)} rounds; ms per 1/60 s frame or step, the median over rounds of each run's figure;")
print("ratios: the median over rounds of that round's ratio, with their range in brackets.\n")
print("Goals against Box2D main (its benchmark scenes: Box2D's run time over the steps it times, Hooke's")
print("mean frame of `peers --time FRAMES --awake`; the harness rows: median frames):\n")
goal_table()
speedups()
print("\nEvery workload on one worker (median frames):\n")
detail_table()

oscillator = os.path.join(logdir, "oscillator.txt")
if os.path.exists(oscillator):
    print("\nSpring accuracy: largest error in pt over 3 s, released 100 pt from rest, 1 Hz")
    for text in open(oscillator):
        if text.startswith("osc "):
            print("    " + text.rstrip())
