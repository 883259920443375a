// The figures of the peer suite, in the order of Sources/PeerScenes/PeerFigures.swift.
#pragma once
#include "world.h"

enum { DRIFT, SLIDE, SLID, SPEED, REST, OVERLAP, GAP, SINK, SIDEWAYS, ESCAPED, STANDING, FIGURE_COUNT };
extern const char* const figureNames[FIGURE_COUNT];

// Steps `w` for `seconds` in 1/60 s frames and fills `f` with every figure.
void measure(PeerWorld* w, double seconds, double* f);
