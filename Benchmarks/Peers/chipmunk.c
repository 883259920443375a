// Chipmunk2D 7 side of scripts/bench-peers. The same workloads as Benchmarks/DynamicsBenchmarks.swift:
//   chipmunk springs N [shape|noshape] [steps-per-frame]
//   chipmunk pile N [steps-per-frame]
//   chipmunk osc
// Units: points, y down, gravity +y; masses as the project's (density x area / 10,000). Sleep off
// (Chipmunk's default). Space damping 0.9 = the project's default resistance 0.1 (velocity x 0.9 per s).
// steps-per-frame S: S calls of cpSpaceStep(1/(60 S)) per 1/60 s frame (Chipmunk has no substeps).
#include "common.h"
#include <chipmunk/chipmunk.h>

// ---------------------------------------------------------------------------------------------
static void springs(int n, int withShape, int spf) {
	cpSpace* space = cpSpaceNew();
	cpSpaceSetGravity(space, cpv(0, 0));
	cpSpaceSetDamping(space, 0.9);
	cpBody* ground = cpSpaceGetStaticBody(space);
	cpBody** bodies = malloc(sizeof(cpBody*) * (size_t)n);
	double* itemX = malloc(sizeof(double) * (size_t)n);
	double* itemY = malloc(sizeof(double) * (size_t)n);
	const double m = 1.32, w = 2 * M_PI * 1.0, zeta = 0.8;
	double t0 = now_s();
	for (int i = 0; i < n; ++i) {
		double cx = 160.0, cy = 26.0 + 52.0 * i;
		cpBody* b = cpSpaceAddBody(space, cpBodyNew(m, cpMomentForBox(m, 300, 44)));
		cpBodySetPosition(b, cpv(cx, cy));
		if (withShape) {
			cpShape* s = cpSpaceAddShape(space, cpBoxShapeNew(b, 300, 44, 0));
			cpShapeSetFilter(s, cpShapeFilterNew(CP_NO_GROUP, CP_ALL_CATEGORIES, 0)); // collides with nothing
		}
		cpSpaceAddConstraint(space, cpDampedSpringNew(ground, b, cpv(cx, cy), cpvzero, 0.0, m * w * w, 2 * m * zeta * w));
		bodies[i] = b;
		itemX[i] = cx; itemY[i] = cy;
	}
	double buildMs = (now_s() - t0) * 1e3;
	int frame = 0;
	const double h = 1.0 / (60.0 * spf);
#define NUDGE()                                                                          \
	do {                                                                                 \
		for (int i = 0; i < n; ++i) {                                                    \
			cpVect p = cpBodyGetPosition(bodies[i]);                                     \
			p.y += nudge_dy(frame, i);                                                   \
			cpBodySetPosition(bodies[i], p);                                             \
		}                                                                                \
		frame += 1;                                                                      \
	} while (0)
#define STEP() do { for (int s = 0; s < spf; ++s) cpSpaceStep(space, h); } while (0)
#define READBACK()                                                                       \
	do {                                                                                 \
		for (int i = 0; i < n; ++i) {                                                    \
			cpVect p = cpBodyGetPosition(bodies[i]);                                     \
			itemX[i] = p.x; itemY[i] = p.y;                                              \
		}                                                                                \
	} while (0)

	for (int k = 0; k < 60; ++k) { NUDGE(); STEP(); READBACK(); }
	int iters = n >= 10000 ? 300 : 600;
	double* frameUs = malloc(sizeof(double) * (size_t)iters);
	double* nudgeUs = malloc(sizeof(double) * (size_t)iters);
	double* stepUs = malloc(sizeof(double) * (size_t)iters);
	double* readUs = malloc(sizeof(double) * (size_t)iters);
	for (int k = 0; k < 5; ++k) { NUDGE(); STEP(); READBACK(); }
	for (int k = 0; k < iters; ++k) {
		double a = now_s();
		NUDGE(); STEP(); READBACK();
		frameUs[k] = (now_s() - a) * 1e6;
	}
	for (int k = 0; k < 5; ++k) { NUDGE(); }
	for (int k = 0; k < iters; ++k) {
		double a = now_s();
		NUDGE();
		nudgeUs[k] = (now_s() - a) * 1e6;
	}
	for (int k = 0; k < iters; ++k) {
		NUDGE();
		double a = now_s();
		STEP();
		double b = now_s();
		READBACK();
		double c = now_s();
		stepUs[k] = (b - a) * 1e6;
		readUs[k] = (c - b) * 1e6;
	}
	char name[128];
	const char* tag = withShape ? "shape" : "noshape";
	snprintf(name, sizeof name, "springs-%d-%s-x%d-frame", n, tag, spf); report("chipmunk", name, frameUs, iters);
	snprintf(name, sizeof name, "springs-%d-%s-x%d-nudge", n, tag, spf); report("chipmunk", name, nudgeUs, iters);
	snprintf(name, sizeof name, "springs-%d-%s-x%d-step", n, tag, spf); report("chipmunk", name, stepUs, iters);
	snprintf(name, sizeof name, "springs-%d-%s-x%d-readback", n, tag, spf); report("chipmunk", name, readUs, iters);
	printf("# chipmunk springs-%d %s x%d: build %.1f ms, item[n/2].y %.3f\n", n, tag, spf, buildMs, itemY[n / 2]);
	cpSpaceFree(space); // bodies/shapes/constraints leak at exit; the process ends here
	free(bodies); free(itemX); free(itemY); free(frameUs); free(nudgeUs); free(stepUs); free(readUs);
}

// ---------------------------------------------------------------------------------------------
// Arbiters and their contact points, each pair counted once (comparable with Hooke's "contact points").
typedef struct Count { int arbiters, points; } Count;
static void count_arbiter(cpBody* body, cpArbiter* arb, void* data) {
	Count* c = data;
	cpBody *a, *b;
	cpArbiterGetBodies(arb, &a, &b);
	cpBody* other = a == body ? b : a;
	if (cpBodyGetType(other) == CP_BODY_TYPE_STATIC || (uintptr_t)body < (uintptr_t)other) {
		c->arbiters++;
		c->points += cpArbiterGetCount(arb);
	}
}

static void pile(int n, int spf) {
	PileGeom g = pile_geom(n);
	lcg_state = 0x9E3779B97F4A7C15ULL;
	cpSpace* space = cpSpaceNew();
	cpSpaceSetGravity(space, cpv(0, 1000));
	cpSpaceSetDamping(space, 0.9);
	cpSpaceSetIterations(space, 10);
	cpSpaceSetCollisionSlop(space, 0.5); // the others' linear slop, in points
	// Chipmunk multiplies the two shapes' friction and elasticity: sqrt on every shape gives 0.6 and 0.5
	// for box-box and box-wall, as in the project (boundaries use the item's own values).
	const double u = sqrt(0.6), e = sqrt(0.5);
	cpBody* ground = cpSpaceGetStaticBody(space);
	cpVect c[4] = {cpv(0, 0), cpv(g.width, 0), cpv(g.width, g.height), cpv(0, g.height)};
	for (int k = 0; k < 4; ++k) {
		cpShape* s = cpSpaceAddShape(space, cpSegmentShapeNew(ground, c[k], c[(k + 1) % 4], 0));
		cpShapeSetFriction(s, u); cpShapeSetElasticity(s, e);
	}
	cpBody** boxes = malloc(sizeof(cpBody*) * (size_t)n);
	const double m = 44.0 * 44.0 / 10000.0;
	for (int i = 0; i < n; ++i) {
		double x, y, a;
		pile_start(&g, i, &x, &y, &a);
		cpBody* b = cpSpaceAddBody(space, cpBodyNew(m, cpMomentForBox(m, 44, 44)));
		cpBodySetPosition(b, cpv(x, y));
		cpBodySetAngle(b, a);
		cpShape* s = cpSpaceAddShape(space, cpBoxShapeNew(b, 44, 44, 0));
		cpShapeSetFriction(s, u); cpShapeSetElasticity(s, e);
		boxes[i] = b;
	}
	const double h = 1.0 / (60.0 * spf);
	double* us = malloc(sizeof(double) * 400);
	char name[128];
	for (int k = 0; k < 5; ++k) STEP();
	for (int k = 0; k < 175; ++k) { double a = now_s(); STEP(); us[k] = (now_s() - a) * 1e6; }
	snprintf(name, sizeof name, "boxes-%d-x%d-falling", n, spf); report("chipmunk", name, us, 175);
	for (int k = 0; k < 12 * 60; ++k) STEP();
	for (int k = 0; k < 300; ++k) { double a = now_s(); STEP(); us[k] = (now_s() - a) * 1e6; }
	snprintf(name, sizeof name, "boxes-%d-x%d-piled", n, spf); report("chipmunk", name, us, 300);
	for (int k = 0; k < 305; ++k) {
		double a = now_s();
		cpBodySetPosition(boxes[0], cpBodyGetPosition(boxes[0])); // the project's updateItem(boxes[0])
		STEP();
		if (k >= 5) us[k - 5] = (now_s() - a) * 1e6;
	}
	snprintf(name, sizeof name, "boxes-%d-x%d-piled-awake", n, spf); report("chipmunk", name, us, 300);
	int escaped = 0;
	Count cnt = {0, 0};
	for (int i = 0; i < n; ++i) {
		cpVect p = cpBodyGetPosition(boxes[i]);
		if (!(p.x > 0 && p.x < g.width && p.y > 0 && p.y < g.height)) escaped++;
		cpBodyEachArbiter(boxes[i], count_arbiter, &cnt);
	}
	printf("# chipmunk boxes-%d x%d: container %.0fx%.0f pt, touching pairs %d, points %d, escaped %d\n", n, spf,
		   g.width, g.height, cnt.arbiters, cnt.points, escaped);
	cpSpaceFree(space);
	free(boxes); free(us);
}

// ---------------------------------------------------------------------------------------------
// Oscillator: one body (mass 1), released from rest 100 pt from rest; cpDampedSpring k = m w^2,
// c = 2 m zeta w; no space damping; max |x - x_exact| over 3 s, sampled after every 1/60 s frame.
static double osc(double zeta, int spf) {
	cpSpace* space = cpSpaceNew();
	cpBody* b = cpSpaceAddBody(space, cpBodyNew(1.0, cpMomentForBox(1.0, 100, 100)));
	cpBodySetPosition(b, cpv(100, 0));
	const double w = 2 * M_PI;
	cpSpaceAddConstraint(space, cpDampedSpringNew(cpSpaceGetStaticBody(space), b, cpvzero, cpvzero, 0, w * w, 2 * zeta * w));
	const double h = 1.0 / (60.0 * spf);
	double worst = 0;
	for (int k = 1; k <= 180; ++k) {
		STEP();
		double err = fabs(cpBodyGetPosition(b).x - oscillator(100.0, 1.0, zeta, k / 60.0));
		if (err > worst) worst = err;
	}
	cpSpaceFree(space);
	return worst;
}

int main(int argc, char** argv) {
	if (argc >= 3 && strcmp(argv[1], "springs") == 0) {
		springs(atoi(argv[2]), argc > 3 && strcmp(argv[3], "shape") == 0, argc > 4 ? atoi(argv[4]) : 1);
	} else if (argc >= 3 && strcmp(argv[1], "pile") == 0) {
		pile(atoi(argv[2]), argc > 3 ? atoi(argv[3]) : 1);
	} else if (argc >= 2 && strcmp(argv[1], "osc") == 0) {
		for (int z = 0; z < 2; ++z) {
			double zeta = z == 0 ? 0.8 : 0.2;
			printf("osc chipmunk %-32s zeta=%.1f", "dampedspring-len0", zeta);
			int spfs[] = {1, 2, 4, 8};
			for (int s = 0; s < 4; ++s) printf(" x%d=%.3f", spfs[s], osc(zeta, spfs[s]));
			printf("  (max |err| pt over 3 s; xS = S steps of 1/(60S) per frame)\n");
		}
	} else {
		fprintf(stderr, "usage: bench_chipmunk springs N [shape|noshape] [steps] | pile N [steps] | osc\n");
		return 2;
	}
	return 0;
}
