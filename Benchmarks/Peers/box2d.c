// Box2D side of scripts/bench-peers (v3.1.1, and main built with -DBOX2D_JOINT_FRAMES). The same
// workloads as Benchmarks/DynamicsBenchmarks.swift:
//   box2d springs N [shape|noshape] [distance|mouse|weld]
//   box2d pile N [sleep|nosleep] [workers]
//   box2d osc
// Workers above 1 need Box2D main's own threads: v3.1.1 steps on one thread without a task system.
// Scale: 1 m = 100 pt. Coordinates are the project's (y down); gravity is +y. 60 Hz, 4 substeps.
// Output lines: "bench box2d <name> mean_us=... min_us=... p95_us=... median_us=... ..." (see common.h).
#include "common.h"
#include "box2d/box2d.h"

// After v3.1 a joint definition's bodies and anchors moved into its `base`, the anchors as frames, and
// the mouse joint is gone (the script defines BOX2D_JOINT_FRAMES when the headers say so).
#ifdef BOX2D_JOINT_FRAMES
#define SET_BODIES(jd, a, b) ((jd).base.bodyIdA = (a), (jd).base.bodyIdB = (b))
#define SET_ANCHORS(jd, pa, pb) ((jd).base.localFrameA.p = (pa), (jd).base.localFrameB.p = (pb))
#else
#define SET_BODIES(jd, a, b) ((jd).bodyIdA = (a), (jd).bodyIdB = (b))
#define SET_ANCHORS(jd, pa, pb) ((jd).localAnchorA = (pa), (jd).localAnchorB = (pb))
#endif

#define PPM 100.0 // points per metre
#define SUBSTEPS 4

static b2WorldId make_world(b2Vec2 gravity, bool sleep, int workers) {
	b2WorldDef wd = b2DefaultWorldDef();
	wd.gravity = gravity;
	wd.enableSleep = sleep;
	wd.workerCount = workers;
	return b2CreateWorld(&wd);
}

// ---------------------------------------------------------------------------------------------
// springs-N
static void springs(int n, int withShape, const char* joint, int substeps) {
	b2WorldId world = make_world((b2Vec2){0, 0}, true, 1);
	b2BodyDef gd = b2DefaultBodyDef();
	b2BodyId ground = b2CreateBody(world, &gd);
	b2BodyId* bodies = malloc(sizeof(b2BodyId) * (size_t)n);
	double* itemY = malloc(sizeof(double) * (size_t)n); // the "views": what readback writes
	double* itemX = malloc(sizeof(double) * (size_t)n);
	double t0 = now_s();
	for (int i = 0; i < n; ++i) {
		double cx = 160.0, cy = 26.0 + 52.0 * i;
		b2BodyDef bd = b2DefaultBodyDef();
		bd.type = b2_dynamicBody;
		bd.position = (b2Vec2){(float)(cx / PPM), (float)(cy / PPM)};
		bd.linearDamping = (float)HOOKE_RESISTANCE_RATE;
		bd.angularDamping = (float)HOOKE_RESISTANCE_RATE;
		bd.userData = (void*)(intptr_t)i;
		b2BodyId b = b2CreateBody(world, &bd);
		if (withShape) {
			b2ShapeDef sd = b2DefaultShapeDef();
			sd.density = 1.0f;
			sd.filter.maskBits = 0; // collides with nothing, like an attachment-only item
			b2Polygon box = b2MakeBox(1.5f, 0.22f);
			b2CreatePolygonShape(b, &sd, &box);
		} else {
			b2MassData md;
			md.mass = 1.32f; // 300 x 44 pt at density 1 (project: density x area / 10,000)
			md.center = (b2Vec2){0, 0};
			md.rotationalInertia = (float)(1.32 * (3.0 * 3.0 + 0.44 * 0.44) / 12.0);
			b2Body_SetMassData(b, md);
		}
		b2Vec2 anchor = {(float)(cx / PPM), (float)(cy / PPM)};
		if (strcmp(joint, "distance") == 0) {
			b2DistanceJointDef jd = b2DefaultDistanceJointDef();
			SET_BODIES(jd, ground, b);
			SET_ANCHORS(jd, anchor, ((b2Vec2){0, 0}));
			jd.length = 0.0f; // clamped by Box2D to B2_LINEAR_SLOP (0.5 pt)
			jd.enableSpring = true; jd.hertz = 1.0f; jd.dampingRatio = 0.8f;
			b2CreateDistanceJoint(world, &jd);
#ifndef BOX2D_JOINT_FRAMES
		} else if (strcmp(joint, "mouse") == 0) {
			b2MouseJointDef jd = b2DefaultMouseJointDef();
			jd.bodyIdA = ground; jd.bodyIdB = b;
			jd.target = anchor; jd.hertz = 1.0f; jd.dampingRatio = 0.8f; jd.maxForce = 1e9f;
			b2CreateMouseJoint(world, &jd);
#endif
		} else {
			b2WeldJointDef jd = b2DefaultWeldJointDef();
			SET_BODIES(jd, ground, b);
			SET_ANCHORS(jd, anchor, ((b2Vec2){0, 0}));
			jd.linearHertz = 1.0f; jd.linearDampingRatio = 0.8f; jd.angularHertz = 0.0f;
			b2CreateWeldJoint(world, &jd);
		}
		bodies[i] = b;
		itemX[i] = cx; itemY[i] = cy;
	}
	double buildMs = (now_s() - t0) * 1e3;
	int frame = 0;
	const float dt = 1.0f / 60.0f;
#define NUDGE()                                                                          \
	do {                                                                                 \
		for (int i = 0; i < n; ++i) {                                                    \
			b2Vec2 p = b2Body_GetPosition(bodies[i]);                                    \
			p.y += (float)(nudge_dy(frame, i) / PPM);                                    \
			b2Body_SetTransform(bodies[i], p, b2Body_GetRotation(bodies[i]));            \
		}                                                                                \
		frame += 1;                                                                      \
	} while (0)
#define READBACK()                                                                       \
	do {                                                                                 \
		b2BodyEvents ev = b2World_GetBodyEvents(world);                                  \
		for (int k = 0; k < ev.moveCount; ++k) {                                         \
			int i = (int)(intptr_t)ev.moveEvents[k].userData;                            \
			itemX[i] = ev.moveEvents[k].transform.p.x * PPM;                             \
			itemY[i] = ev.moveEvents[k].transform.p.y * PPM;                             \
		}                                                                                \
	} while (0)

	for (int k = 0; k < 60; ++k) { NUDGE(); b2World_Step(world, dt, substeps); READBACK(); }
	int iters = n >= 10000 ? 300 : 600;
	double* frameUs = malloc(sizeof(double) * (size_t)iters);
	double* nudgeUs = malloc(sizeof(double) * (size_t)iters);
	double* stepUs = malloc(sizeof(double) * (size_t)iters);
	double* readUs = malloc(sizeof(double) * (size_t)iters);
	// Phase 1 "frame": nudge + step (+ readback, the project's advance writes items back), 5 warm-up.
	for (int k = 0; k < 5; ++k) { NUDGE(); b2World_Step(world, dt, substeps); READBACK(); }
	for (int k = 0; k < iters; ++k) {
		double a = now_s();
		NUDGE(); b2World_Step(world, dt, substeps); READBACK();
		frameUs[k] = (now_s() - a) * 1e6;
	}
	// Phase 2 "nudge" alone, 5 warm-up (no steps, as in the project).
	for (int k = 0; k < 5; ++k) { NUDGE(); }
	for (int k = 0; k < iters; ++k) {
		double a = now_s();
		NUDGE();
		nudgeUs[k] = (now_s() - a) * 1e6;
	}
	// Phase 3: nudge, then b2World_Step timed alone, then the readback timed alone.
	for (int k = 0; k < iters; ++k) {
		NUDGE();
		double a = now_s();
		b2World_Step(world, dt, substeps);
		double b = now_s();
		READBACK();
		double c = now_s();
		stepUs[k] = (b - a) * 1e6;
		readUs[k] = (c - b) * 1e6;
	}
	char name[128];
	const char* tag = withShape ? "shape" : "noshape";
	snprintf(name, sizeof name, "springs-%d-%s-%s-ss%d-frame", n, joint, tag, substeps); report("box2d", name, frameUs, iters);
	snprintf(name, sizeof name, "springs-%d-%s-%s-ss%d-nudge", n, joint, tag, substeps); report("box2d", name, nudgeUs, iters);
	snprintf(name, sizeof name, "springs-%d-%s-%s-ss%d-step", n, joint, tag, substeps); report("box2d", name, stepUs, iters);
	snprintf(name, sizeof name, "springs-%d-%s-%s-ss%d-readback", n, joint, tag, substeps); report("box2d", name, readUs, iters);
	b2Counters c = b2World_GetCounters(world);
	printf("# box2d springs-%d %s %s: build %.1f ms, bodies %d, awake %d, joints %d, byteCount %lld, item[n/2].y %.3f\n",
		   n, joint, tag, buildMs, c.bodyCount, b2World_GetAwakeBodyCount(world), c.jointCount, (long long)c.byteCount, itemY[n / 2]);
	b2DestroyWorld(world);
	free(bodies); free(itemX); free(itemY); free(frameUs); free(nudgeUs); free(stepUs); free(readUs);
}

// ---------------------------------------------------------------------------------------------
// boxes-N: falling (frames 6-180), settle to 15 s, piled (300 frames), piled-awake (5 + 300 frames,
// each re-setting box 0's transform as the project's updateItem does).
static void pile(int n, bool sleep, int workers) {
	PileGeom g = pile_geom(n);
	lcg_state = 0x9E3779B97F4A7C15ULL;
	b2WorldId world = make_world((b2Vec2){0, 10.0f}, sleep, workers);
	b2BodyDef gd = b2DefaultBodyDef();
	b2BodyId ground = b2CreateBody(world, &gd);
	{
		b2ShapeDef sd = b2DefaultShapeDef();
		sd.material.friction = 0.6f; sd.material.restitution = 0.5f; // the project's boundary uses the item's
		float W = (float)(g.width / PPM), H = (float)(g.height / PPM);
		b2Vec2 c[4] = {{0, 0}, {W, 0}, {W, H}, {0, H}};
		for (int k = 0; k < 4; ++k) {
			b2Segment s = {c[k], c[(k + 1) % 4]};
			b2CreateSegmentShape(ground, &sd, &s);
		}
	}
	b2BodyId* boxes = malloc(sizeof(b2BodyId) * (size_t)n);
	for (int i = 0; i < n; ++i) {
		double x, y, a;
		pile_start(&g, i, &x, &y, &a);
		b2BodyDef bd = b2DefaultBodyDef();
		bd.type = b2_dynamicBody;
		bd.position = (b2Vec2){(float)(x / PPM), (float)(y / PPM)};
		bd.rotation = b2MakeRot((float)a);
		bd.linearDamping = (float)HOOKE_RESISTANCE_RATE;
		bd.angularDamping = (float)HOOKE_RESISTANCE_RATE;
		b2BodyId b = b2CreateBody(world, &bd);
		b2ShapeDef sd = b2DefaultShapeDef();
		sd.density = 1.0f; sd.material.friction = 0.6f; sd.material.restitution = 0.5f;
		b2Polygon box = b2MakeBox(0.22f, 0.22f);
		b2CreatePolygonShape(b, &sd, &box);
		boxes[i] = b;
	}
	const float dt = 1.0f / 60.0f;
	double* us = malloc(sizeof(double) * 400);
	char name[128];
	const char* tag = sleep ? "sleep" : "nosleep";
	for (int k = 0; k < 5; ++k) b2World_Step(world, dt, SUBSTEPS);
	for (int k = 0; k < 175; ++k) {
		double a = now_s(); b2World_Step(world, dt, SUBSTEPS); us[k] = (now_s() - a) * 1e6;
	}
	snprintf(name, sizeof name, "boxes-%d-%s-falling", n, tag); report("box2d", name, us, 175);
	for (int k = 0; k < 12 * 60; ++k) b2World_Step(world, dt, SUBSTEPS);
	for (int k = 0; k < 300; ++k) {
		double a = now_s(); b2World_Step(world, dt, SUBSTEPS); us[k] = (now_s() - a) * 1e6;
	}
	snprintf(name, sizeof name, "boxes-%d-%s-piled", n, tag); report("box2d", name, us, 300);
	for (int k = 0; k < 305; ++k) {
		double a = now_s();
		b2Body_SetTransform(boxes[0], b2Body_GetPosition(boxes[0]), b2Body_GetRotation(boxes[0]));
		b2World_Step(world, dt, SUBSTEPS);
		if (k >= 5) us[k - 5] = (now_s() - a) * 1e6;
	}
	snprintf(name, sizeof name, "boxes-%d-%s-piled-awake", n, tag); report("box2d", name, us, 300);
	int escaped = 0;
	for (int i = 0; i < n; ++i) {
		b2Vec2 p = b2Body_GetPosition(boxes[i]);
		double x = p.x * PPM, y = p.y * PPM;
		if (!(x > 0 && x < g.width && y > 0 && y < g.height)) escaped++;
	}
	// Touching manifold points, each contact counted once (comparable with Hooke's "contact points").
	int points = 0, touching = 0;
	b2ContactData cd[64];
	for (int i = 0; i < n; ++i) {
		int m = b2Body_GetContactData(boxes[i], cd, 64);
		for (int k = 0; k < m; ++k) {
			b2BodyId a = b2Shape_GetBody(cd[k].shapeIdA), b = b2Shape_GetBody(cd[k].shapeIdB);
			b2BodyId other = B2_ID_EQUALS(a, boxes[i]) ? b : a;
			int otherStatic = b2Body_GetType(other) == b2_staticBody;
			if (otherStatic || B2_ID_EQUALS(a, boxes[i])) { points += cd[k].manifold.pointCount; touching++; }
		}
	}
	b2Counters c = b2World_GetCounters(world);
	printf("# box2d boxes-%d %s: container %.0fx%.0f pt, awake %d/%d, contacts %d (touching %d, points %d), escaped %d, byteCount %lld\n",
		   n, tag, g.width, g.height, b2World_GetAwakeBodyCount(world), n, c.contactCount, touching, points, escaped, (long long)c.byteCount);
	b2DestroyWorld(world);
	free(boxes); free(us);
}

// ---------------------------------------------------------------------------------------------
// Oscillator: one 100x100 pt body (mass 1), sleep off, no damping, released from rest 100 pt from its
// spring's rest position; max |x - x_exact| over 3 s sampled after every 1/60 s frame.
//   kind 0: distance joint to a static anchor, length 0 (Box2D clamps it to 0.5 pt)
//   kind 1: weld joint (soft linear, angular free)   kind 2: mouse joint
//   kind 3: distance joint of length 100 pt to a static body (the item-to-item shape, other item fixed)
//   kind 4: distance joint of length 100 pt between two free equal bodies (relative coordinate)
static double osc(int kind, double zeta, int substeps) {
	b2WorldId world = make_world((b2Vec2){0, 0}, false, 1);
	b2BodyDef gd = b2DefaultBodyDef();
	b2BodyId ground = b2CreateBody(world, &gd);
	double rest = kind >= 3 ? 100.0 : 0.0;
	b2BodyDef bd = b2DefaultBodyDef();
	bd.type = b2_dynamicBody;
	bd.position = (b2Vec2){(float)((rest + 100.0) / PPM), 0};
	b2BodyId b = b2CreateBody(world, &bd);
	b2ShapeDef sd = b2DefaultShapeDef();
	sd.filter.maskBits = 0;
	b2Polygon box = b2MakeBox(0.5f, 0.5f);
	b2CreatePolygonShape(b, &sd, &box);
	b2BodyId other = ground;
	if (kind == 4) {
		b2BodyDef od = b2DefaultBodyDef();
		od.type = b2_dynamicBody;
		od.position = (b2Vec2){0, 0};
		other = b2CreateBody(world, &od);
		b2CreatePolygonShape(other, &sd, &box);
	}
	if (kind == 0 || kind >= 3) {
		b2DistanceJointDef jd = b2DefaultDistanceJointDef();
		SET_BODIES(jd, other, b);
		jd.length = (float)(rest / PPM);
		jd.enableSpring = true; jd.hertz = 1.0f; jd.dampingRatio = (float)zeta;
		b2CreateDistanceJoint(world, &jd);
	} else if (kind == 1) {
		b2WeldJointDef jd = b2DefaultWeldJointDef();
		SET_BODIES(jd, ground, b);
		SET_ANCHORS(jd, ((b2Vec2){0, 0}), ((b2Vec2){0, 0}));
		jd.linearHertz = 1.0f; jd.linearDampingRatio = (float)zeta; jd.angularHertz = 0.0f;
		b2CreateWeldJoint(world, &jd);
	} else {
#ifdef BOX2D_JOINT_FRAMES
		b2DestroyWorld(world);
		return NAN;
#else
		b2MouseJointDef jd = b2DefaultMouseJointDef();
		jd.bodyIdA = ground; jd.bodyIdB = b;
		// v3.1.1 fixes the body point under `target` at creation: create at the body's centre, then move it.
		jd.target = b2Body_GetPosition(b); jd.hertz = 1.0f; jd.dampingRatio = (float)zeta; jd.maxForce = 1e9f;
		b2JointId j = b2CreateMouseJoint(world, &jd);
		b2MouseJoint_SetTarget(j, (b2Vec2){0, 0});
#endif
	}
	double worst = 0;
	for (int k = 1; k <= 180; ++k) {
		b2World_Step(world, 1.0f / 60.0f, substeps);
		double x = b2Body_GetPosition(b).x * PPM, y = b2Body_GetPosition(b).y * PPM;
		if (kind == 4) x -= b2Body_GetPosition(other).x * PPM;
		double e = fabs((x - rest) - oscillator(100.0, 1.0, zeta, k / 60.0));
		if (e > worst) worst = e;
		if (kind != 4 && fabs(y) > worst) worst = fabs(y);
	}
	b2DestroyWorld(world);
	return worst;
}

int main(int argc, char** argv) {
	if (argc >= 3 && strcmp(argv[1], "springs") == 0) {
		int n = atoi(argv[2]);
		int withShape = argc > 3 ? strcmp(argv[3], "shape") == 0 : 0;
		const char* joint = argc > 4 ? argv[4] : "distance";
		int substeps = argc > 5 ? atoi(argv[5]) : SUBSTEPS;
#ifdef BOX2D_JOINT_FRAMES
		if (strcmp(joint, "mouse") == 0) {
			fprintf(stderr, "box2d: this Box2D has no mouse joint\n");
			return 2;
		}
#endif
		springs(n, withShape, joint, substeps);
	} else if (argc >= 3 && strcmp(argv[1], "pile") == 0) {
		pile(atoi(argv[2]), argc > 3 && strcmp(argv[3], "sleep") == 0, argc > 4 ? atoi(argv[4]) : 1);
	} else if (argc >= 2 && strcmp(argv[1], "osc") == 0) {
		const char* names[] = {"distance-len0(clamped 0.5pt)", "weld(soft linear)", "mouse", "distance-len100-to-static",
							   "distance-len100-two-free-bodies"};
		int ss[] = {1, 2, 4, 8};
		for (int kind = 0; kind < 5; ++kind)
			for (int z = 0; z < 2; ++z) {
				double zeta = z == 0 ? 0.8 : 0.2;
				printf("osc box2d %-32s zeta=%.1f", names[kind], zeta);
				for (int s = 0; s < 4; ++s) printf(" ss%d=%.3f", ss[s], osc(kind, zeta, ss[s]));
				printf("  (max |err| pt over 3 s)\n");
			}
	} else {
		fprintf(stderr, "usage: bench_box2d springs N [shape|noshape] [distance|mouse|weld] [substeps] | pile N [sleep|nosleep] | osc\n");
		return 2;
	}
	return 0;
}
