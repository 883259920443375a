// The peer suite's Box2D side: a scene under construction and running, and what its figures read.
// Twin of Sources/PeerScenes/PeerWorld.swift: the same scenes in Box2D's own units (metres, y up),
// 60 Hz, 4 substeps. Figures are reported in Hooke's units (100 pt per metre).
#pragma once
#include "box2d/box2d.h"
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PPM 100.0 // points per metre
#define SUBSTEPS 4
#define FRAME (1.0 / 60.0)
#define MOVING_SPEED 5.0 // pt/s: Box2D's sleep speed, 0.05 m/s

// A body's material, as the Swift scenes' PeerMaterial. Static shapes are given the friction of the
// bodies that touch them: Box2D mixes sqrt(a b), and Hooke's boundaries use the item's own friction.
typedef struct Material {
	float friction, density, restitution;
	bool isStatic, collides, falls;
} Material;

static inline Material material(float friction) {
	return (Material){friction, 1.0f, 0.0f, false, true, true};
}

typedef struct PeerWorld {
	b2WorldId id;
	b2BodyId ground; // one static body at the origin for segments
	b2BodyId* moving; b2Vec2* starts; float* startAngles; int movingCount, movingCap;
	b2BodyId* circles; float* radii; int circleCount, circleCap;
	b2JointId* pins; int pinCount, pinCap;
	b2BodyId* idealBodies; float* idealHeights; int idealCount, idealCap;
	b2BodyId ball; bool hasBall;
	bool hasContainer; double cx, cy, hw, hh, spin; // spin: rad/s counter-clockwise
} PeerWorld;

#define GROW(ptr, count, cap)                                                        \
	do {                                                                             \
		if ((count) == (cap)) {                                                      \
			(cap) = (cap) ? 2 * (cap) : 64;                                          \
			(ptr) = realloc((ptr), sizeof(*(ptr)) * (size_t)(cap));                  \
			if (!(ptr)) { fprintf(stderr, "scenes: out of memory\n"); exit(1); }     \
		}                                                                            \
	} while (0)

void world_init(PeerWorld* w, bool sleep);
void world_free(PeerWorld* w);
void set_gravity(PeerWorld* w, float g);
b2BodyId add_polygon(PeerWorld* w, float x, float y, float angle, const b2Polygon* shape, Material m);
b2BodyId add_box(PeerWorld* w, float x, float y, float hx, float hy, float angle, Material m);
b2BodyId add_circle(PeerWorld* w, float x, float y, float r, Material m);
void add_segment(PeerWorld* w, float x1, float y1, float x2, float y2, float friction);
void add_pin(PeerWorld* w, b2BodyId a, b2BodyId b, b2Vec2 localA, b2Vec2 localB);
void expect_height(PeerWorld* w, b2BodyId body, float metres);
