// The figures of the peer suite, in the order of Sources/PeerScenes/PeerFigures.swift.
#pragma once
#include "world.h"

enum { DRIFT, SLIDE, SLID, SPEED, REST, OVERLAP, GAP, SINK, SIDEWAYS, ESCAPED, STANDING, FIGURE_COUNT };
extern const char* const figureNames[FIGURE_COUNT];

// Steps `w` for `seconds` in 1/60 s frames and fills `f` with every figure. With `traceEvery` above 0,
// prints the figures as they stand after every `traceEvery`th frame, as `trace NAME t=… drift=… …`
// (the line Sources/PeerScenes/PeerRun.swift's traceLine prints for Hooke).
void measure(PeerWorld* w, double seconds, double* f, const char* name, int traceEvery);
