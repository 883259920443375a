// The peer suite's scenes built against Box2D: each is the twin of a scene in Sources/PeerScenes/
// (same name, same bodies, same duration) and is measured with the same figures (figures.c). Run it
// through scripts/peer-figures, which builds Box2D from a source tree or git URL and writes the figures
// to Tests/PeerSuiteTests/box2d-figures.json:
//   scenes [--scene NAME]... [--output FILE] [--version TEXT]
//   scenes --time FRAMES [--scene NAME]...   (times each of the first FRAMES steps; scripts/bench-peers)
//   scenes --trace FRAMES [--scene NAME]...  (also prints the figures every FRAMES frames, as
//                                             `hooke-bench peers --trace FRAMES` does for Hooke)
#include "figures.h"
#include <time.h>

static Material ground_of(Material m) { m.isStatic = true; return m; }

// VerticalStack (samples/sample_stacking.cpp) with plain 1 m boxes, friction 0.3.
static void stack(PeerWorld* w, int columns, int rows, bool onBox) {
	Material m = material(0.3f);
	if (onBox) add_box(w, 0, -1, 30, 1, 0, ground_of(m));
	else add_segment(w, -30, 0, 30, 0, m.friction);
	add_segment(w, 10, 0, 10, 20, m.friction);
	for (int j = 0; j < columns; ++j) {
		float x = 8.0f - 3.0f * j;
		for (int i = 0; i < rows; ++i) {
			float shift = i % 2 == 0 ? -0.01f : 0.01f;
			add_box(w, x + shift, 0.5f + (float)i, 0.5f, 0.5f, 0, m);
		}
	}
}
static void stack_12(PeerWorld* w) { stack(w, 1, 12, false); }
static void stack_15_segment(PeerWorld* w) { stack(w, 1, 15, false); }
static void stacks_10x15_segment(PeerWorld* w) { stack(w, 10, 15, false); }
static void stacks_10x15_box(PeerWorld* w) { stack(w, 10, 15, true); }

// CreateLargePyramid (shared/benchmarks.c); the benchmark turns sleeping off.
static void pyramid(PeerWorld* w, int base) {
	b2World_EnableSleeping(w->id, false);
	add_box(w, 0, -1, 100, 1, 0, ground_of(material(0.6f)));
	float h = 0.5f;
	for (int i = 0; i < base; ++i) {
		float y = (2.0f * i + 1.0f) * h;
		for (int j = i; j < base; ++j) {
			float x = (i + 1.0f) * h + 2.0f * (j - i) * h - h * base;
			add_box(w, x, y, h, h, 0, material(0.6f));
		}
	}
}
static void pyramid_20(PeerWorld* w) { pyramid(w, 20); }
static void pyramid_100(PeerWorld* w) { pyramid(w, 100); }

// CircleStack: friction 0, gravity 20 m/s² (the sample's contact tuning is left at Box2D's default).
static void circle_stack(PeerWorld* w) {
	set_gravity(w, 20);
	add_segment(w, -10, 0, 10, 0, 0);
	for (int i = 0; i < 10; ++i) {
		Material m = material(0);
		m.density = 1.0f + 4.0f * i;
		add_circle(w, 0, 0.75f + 1.25f * i, 0.5f, m);
	}
}

// DoubleDomino: the first domino gets the sample's impulse at its top.
static void dominoes(PeerWorld* w) {
	add_box(w, 0, -1, 100, 1, 0, ground_of(material(0.6f)));
	for (int i = 0; i < 15; ++i) {
		float x = -7.5f + (float)i;
		b2BodyId d = add_box(w, x, 0.5f, 0.125f, 0.5f, 0, material(0.6f));
		if (i == 0) b2Body_ApplyLinearImpulse(d, (b2Vec2){0.2f, 0}, (b2Vec2){x, 1.0f}, true);
	}
}

// CardHouse, as the sample builds it.
static void card_house(PeerWorld* w) {
	Material m = material(0.7f);
	add_box(w, 0, -2, 40, 2, 0, ground_of(m));
	float height = 0.2f, thickness = 0.001f;
	float angle0 = 25.0f * B2_PI / 180.0f, angle1 = -angle0, angle2 = 0.5f * B2_PI;
	int levels = 5;
	float z0 = 0, y = height - 0.02f;
	while (levels) {
		float z = z0;
		for (int i = 0; i < levels; ++i) {
			if (i != levels - 1) add_box(w, z + 0.25f, y + height - 0.015f, thickness, height, angle2, m);
			add_box(w, z, y, thickness, height, angle1, m);
			z += 0.175f;
			add_box(w, z, y, thickness, height, angle0, m);
			z += 0.175f;
		}
		y += height * 2.0f - 0.03f;
		z0 += 0.175f;
		levels--;
	}
}

// Confined: the sample's capsule walls (radius 0.5 m), 625 circles without gravity.
static void crowd_625(PeerWorld* w) {
	b2ShapeDef sd = b2DefaultShapeDef();
	b2Capsule walls[4] = {{{-10.5f, 0}, {10.5f, 0}, 0.5f}, {{-10.5f, 0}, {-10.5f, 20.5f}, 0.5f},
						  {{10.5f, 0}, {10.5f, 20.5f}, 0.5f}, {{-10.5f, 20.5f}, {10.5f, 20.5f}, 0.5f}};
	for (int k = 0; k < 4; ++k) b2CreateCapsuleShape(w->ground, &sd, &walls[k]);
	int grid = 25;
	for (int column = 0; column < grid; ++column)
		for (int row = 0; row < grid; ++row) {
			Material m = material(0.6f);
			m.falls = false;
			add_circle(w, -8.75f + column * 18.0f / grid, 1.5f + row * 18.0f / grid, 0.5f, m);
		}
	w->hasContainer = true; w->cx = 0; w->cy = 10.25; w->hw = 10; w->hh = 9.75;
}

// HighMassRatio1, 2, 3 (samples/sample_robustness.cpp).
static void ground_slab(PeerWorld* w) { add_box(w, 0, -1, 50, 1, 0, ground_of(material(0.6f))); }

static void heavy_on_pyramids(PeerWorld* w) {
	ground_slab(w);
	float extent = 1.0f;
	for (int j = 0; j < 3; ++j) {
		int count = 10;
		float offset = -20.0f * extent + 2.0f * (count + 1.0f) * extent * j;
		float y = extent;
		while (count > 0) {
			for (int i = 0; i < count; ++i) {
				float coeff = i - 0.5f * count;
				bool top = count == 1;
				Material m = material(0.6f);
				m.density = top ? (j + 1.0f) * 100.0f : 1.0f;
				b2BodyId b = add_box(w, 2.0f * coeff * extent + offset, top ? y + 2.0f : y, extent, extent, 0, m);
				if (top) expect_height(w, b, y);
			}
			--count;
			y += 2.0f * extent;
		}
	}
}

static void heavy_on_boxes(PeerWorld* w) {
	ground_slab(w);
	expect_height(w, add_box(w, -9, 0.5f, 0.5f, 0.5f, 0, material(0.6f)), 0.5f);
	expect_height(w, add_box(w, 9, 0.5f, 0.5f, 0.5f, 0, material(0.6f)), 0.5f);
	expect_height(w, add_box(w, 0, 26, 10, 10, 0, material(0.6f)), 11);
}

static void heavy_on_triangles(PeerWorld* w) {
	ground_slab(w);
	b2Vec2 points[3] = {{-0.5f, 0}, {0.5f, 0}, {0, 1}};
	b2Hull hull = b2ComputeHull(points, 3);
	b2Polygon triangle = b2MakePolygon(&hull, 0);
	// The body's origin is the triangle's base: it rests at height 0 (Hooke's item, at the centroid, 1/3).
	expect_height(w, add_polygon(w, -9, 0.5f, 0, &triangle, material(0.6f)), 0);
	expect_height(w, add_polygon(w, 9, 0.5f, 0, &triangle, material(0.6f)), 0);
	expect_height(w, add_box(w, 0, 14, 10, 10, 0, material(0.6f)), 11);
}

// A ball of radius 0.5 m at 100 m/s from 5 m onto a floor along y = 0, landing at x (on a seam: 0.5).
static void floor_ball_at(PeerWorld* w, float x) {
	b2BodyId ball = add_circle(w, x, 5, 0.5f, material(0.6f));
	b2Body_SetLinearVelocity(ball, (b2Vec2){0, -100});
	w->ball = ball; w->hasBall = true;
}
static void floor_ball(PeerWorld* w) { floor_ball_at(w, 0.5f); }
static void floor_one_segment(PeerWorld* w) { add_segment(w, -20.5f, 0, 20.5f, 0, 0.6f); floor_ball(w); }
static void floor_segments_41(PeerWorld* w) {
	for (int i = -20; i <= 20; ++i) add_segment(w, i - 0.5f, 0, i + 0.5f, 0, 0.6f);
	floor_ball(w);
}
static void floor_boxes_41(PeerWorld* w) {
	for (int i = -20; i <= 20; ++i) add_box(w, (float)i, -0.5f, 0.5f, 0.5f, 0, ground_of(material(0.6f)));
	floor_ball(w);
}
// Off the seam: the next pieces' corners are nearer on one side than the other.
static void floor_segments_41_tile(PeerWorld* w) {
	for (int i = -20; i <= 20; ++i) add_segment(w, i - 0.5f, 0, i + 0.5f, 0, 0.6f);
	floor_ball_at(w, 0.1f);
}
static void floor_boxes_41_tile(PeerWorld* w) {
	for (int i = -20; i <= 20; ++i) add_box(w, (float)i, -0.5f, 0.5f, 0.5f, 0, ground_of(material(0.6f)));
	floor_ball_at(w, 0.1f);
}

// SkinnyBox (samples/sample_continuous.cpp), five lanes 30 m apart, one spin rate each.
static void plank_spin(PeerWorld* w) {
	Material m = material(0.9f);
	float spins[5] = {-50, -37, -13, 23, 50};
	for (int k = 0; k < 5; ++k) {
		float x0 = 30.0f * k;
		add_segment(w, x0 - 10, 0, x0 + 10, 0, m.friction);
		add_box(w, x0, 1, 0.1f, 1, 0, ground_of(m));
		b2BodyId plank = add_box(w, x0, 8, 2, 0.05f, 0, m);
		b2Body_SetLinearVelocity(plank, (b2Vec2){0, -100});
		b2Body_SetAngularVelocity(plank, spins[k]);
	}
	w->hasContainer = true; w->cx = 0; w->cy = 1000; w->hw = 1000; w->hh = 1000;
}

// BounceHouse's room: four segments around a 20 m square.
static void room(PeerWorld* w, float friction) {
	add_segment(w, -10, -10, 10, -10, friction);
	add_segment(w, 10, -10, 10, 10, friction);
	add_segment(w, 10, 10, -10, 10, friction);
	add_segment(w, -10, 10, -10, -10, friction);
	w->hasContainer = true; w->cx = 0; w->cy = 0; w->hw = 10; w->hh = 10;
}

static void fast_ball_room(PeerWorld* w) {
	room(w, 0.6f);
	Material m = material(0.6f);
	m.restitution = 1; m.falls = false;
	b2BodyId ball = add_circle(w, 0, 0, 0.5f, m);
	b2Body_SetLinearVelocity(ball, (b2Vec2){100, 200});
}

static void bounce_house(PeerWorld* w) {
	room(w, 0.3f);
	Material m = material(0.3f);
	m.restitution = 1.2f; m.falls = false;
	b2BodyId box = add_box(w, 0, 0, 2, 0.1f, 0, m);
	b2Body_SetLinearVelocity(box, (b2Vec2){10, 20});
}

// CreateManyPyramids; the benchmark turns sleeping off.
static void many_pyramids(PeerWorld* w, int rows, int columns) {
	b2World_EnableSleeping(w->id, false);
	int base = 10;
	float extent = 0.5f;
	float groundDeltaY = 2.0f * extent * (base + 1.0f);
	float groundWidth = 2.0f * extent * columns * (base + 1.0f);
	float groundY = 0;
	for (int i = 0; i < rows; ++i) {
		add_segment(w, -groundWidth, groundY, groundWidth, groundY, 0.6f);
		groundY += groundDeltaY;
	}
	float baseWidth = 2.0f * extent * base, baseY = 0;
	for (int r = 0; r < rows; ++r) {
		for (int c = 0; c < columns; ++c) {
			float centerX = -0.5f * groundWidth + c * (baseWidth + 2.0f * extent) + extent;
			for (int i = 0; i < base; ++i) {
				float y = (2.0f * i + 1.0f) * extent + baseY;
				for (int j = i; j < base; ++j) {
					float x = (i + 1.0f) * extent + 2.0f * (j - i) * extent + centerX - 0.5f;
					add_box(w, x, y, extent, extent, 0, material(0.6f));
				}
			}
		}
		baseY += groundDeltaY;
	}
}
static void many_pyramids_2x2(PeerWorld* w) { many_pyramids(w, 2, 2); }
static void many_pyramids_20x20(PeerWorld* w) { many_pyramids(w, 20, 20); }

// CreateJointGrid: circles of 0.4 m, revolute joints, no collision among them, seven static at the top.
static void joint_grid(PeerWorld* w, int n) {
	b2World_EnableSleeping(w->id, false);
	b2BodyId* bodies = malloc(sizeof(b2BodyId) * (size_t)n * (size_t)n);
	int index = 0;
	for (int k = 0; k < n; ++k)
		for (int i = 0; i < n; ++i) {
			Material m = material(0.6f);
			m.collides = false;
			m.isStatic = k >= n / 2 - 3 && k <= n / 2 + 3 && i == 0;
			b2BodyId body = add_circle(w, (float)k, (float)-i, 0.4f, m);
			if (i > 0) add_pin(w, bodies[index - 1], body, (b2Vec2){0, -0.5f}, (b2Vec2){0, 0.5f});
			if (k > 0) add_pin(w, bodies[index - n], body, (b2Vec2){0.5f, 0}, (b2Vec2){-0.5f, 0});
			bodies[index++] = body;
		}
	free(bodies);
}
static void pin_grid_10(PeerWorld* w) { joint_grid(w, 10); }
static void pin_grid_30(PeerWorld* w) { joint_grid(w, 30); }
static void joint_grid_100(PeerWorld* w) { joint_grid(w, 100); }

// The tumbler: one kinematic body of four walls about (0, 10) turning at 25°/s, 20 x 20 boxes inside.
static void tumbler_400(PeerWorld* w) {
	float spin = 25.0f * B2_PI / 180.0f;
	b2BodyDef bd = b2DefaultBodyDef();
	bd.type = b2_kinematicBody;
	bd.position = (b2Vec2){0, 10};
	bd.angularVelocity = spin;
	b2BodyId walls = b2CreateBody(w->id, &bd);
	b2ShapeDef sd = b2DefaultShapeDef();
	b2Polygon p[4] = {b2MakeOffsetBox(0.5f, 10, (b2Vec2){10, 0}, b2Rot_identity),
					  b2MakeOffsetBox(0.5f, 10, (b2Vec2){-10, 0}, b2Rot_identity),
					  b2MakeOffsetBox(10, 0.5f, (b2Vec2){0, 10}, b2Rot_identity),
					  b2MakeOffsetBox(10, 0.5f, (b2Vec2){0, -10}, b2Rot_identity)};
	for (int k = 0; k < 4; ++k) b2CreatePolygonShape(walls, &sd, &p[k]);
	int grid = 20;
	float y = -0.2f * grid + 10;
	for (int i = 0; i < grid; ++i) {
		float x = -0.2f * grid;
		for (int j = 0; j < grid; ++j) {
			add_box(w, x, y, 0.125f, 0.125f, 0, material(0.6f));
			x += 0.4f;
		}
		y += 0.4f;
	}
	w->hasContainer = true; w->cx = 0; w->cy = 10; w->hw = 9.5; w->hh = 9.5; w->spin = spin;
}

typedef struct Scene {
	const char* name;
	double seconds;
	bool sleep;
	void (*build)(PeerWorld*);
} Scene;

// Same names, durations and order as Sources/PeerScenes (PeerScene.all).
static const Scene scenes[] = {
	{"stack-12", 10, true, stack_12},
	{"stack-15-segment", 10, true, stack_15_segment},
	{"stacks-10x15-segment", 10, true, stacks_10x15_segment},
	{"stacks-10x15-box", 10, true, stacks_10x15_box},
	{"pyramid-20", 10, true, pyramid_20},
	{"circle-stack", 10, true, circle_stack},
	{"dominoes", 10, true, dominoes},
	{"card-house", 5, true, card_house},
	{"crowd-625", 10, true, crowd_625},
	{"heavy-on-pyramids", 10, true, heavy_on_pyramids},
	{"heavy-on-boxes", 10, true, heavy_on_boxes},
	{"heavy-on-triangles", 10, true, heavy_on_triangles},
	{"floor-one-segment", 3, true, floor_one_segment},
	{"floor-segments-41", 3, true, floor_segments_41},
	{"floor-boxes-41", 3, true, floor_boxes_41},
	{"floor-segments-41-tile", 3, true, floor_segments_41_tile},
	{"floor-boxes-41-tile", 3, true, floor_boxes_41_tile},
	{"plank-spin", 2, true, plank_spin},
	{"fast-ball-room", 10, true, fast_ball_room},
	{"bounce-house", 10, true, bounce_house},
	{"pyramid-100", 10, true, pyramid_100},
	{"many-pyramids-2x2", 5, true, many_pyramids_2x2},
	{"many-pyramids-20x20", 5, true, many_pyramids_20x20},
	{"pin-grid-10", 10, true, pin_grid_10},
	{"pin-grid-30", 10, true, pin_grid_30},
	{"joint-grid-100", 5, true, joint_grid_100},
	{"tumbler-400", 10, true, tumbler_400},
};
enum { SCENE_COUNT = sizeof scenes / sizeof scenes[0] };

static double now_s(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void* a, const void* b) {
	double x = *(const double*)a, y = *(const double*)b;
	return (x > y) - (x < y);
}

// Times each of the scene's first `frames` steps from its start and prints the line hooke-bench and
// Benchmarks/Peers print: "bench box2d peer-NAME-frame mean_us=... min_us=... p95_us=... median_us=...".
static void time_scene(const Scene* scene, int frames) {
	PeerWorld w;
	world_init(&w, scene->sleep);
	scene->build(&w);
	double* us = malloc(sizeof(double) * (size_t)frames);
	for (int k = 0; k < frames; ++k) {
		double a = now_s();
		b2World_Step(w.id, (float)FRAME, SUBSTEPS);
		us[k] = (now_s() - a) * 1e6;
	}
	qsort(us, (size_t)frames, sizeof(double), by_value);
	double sum = 0;
	for (int k = 0; k < frames; ++k) sum += us[k];
	int i95 = (int)(frames * 0.95);
	if (i95 > frames - 1) i95 = frames - 1;
	double median = frames % 2 ? us[frames / 2] : 0.5 * (us[frames / 2 - 1] + us[frames / 2]);
	printf("bench box2d peer-%s-frame mean_us=%.2f min_us=%.2f p95_us=%.2f median_us=%.2f runs=%d\n", scene->name,
		   sum / frames, us[0], us[i95], median, frames);
	printf("# peer-%s: %d moving bodies, awake at the end %d\n", scene->name, w.movingCount,
		   b2World_GetAwakeBodyCount(w.id));
	fflush(stdout);
	free(us);
	world_free(&w);
}

int main(int argc, char** argv) {
	const char* output = NULL;
	int timedFrames = 0, traceEvery = 0;
	const char* version = "unknown";
	bool wanted[SCENE_COUNT];
	bool any = false;
	memset(wanted, 0, sizeof wanted);
	for (int a = 1; a < argc; ++a) {
		if (strcmp(argv[a], "--output") == 0 && a + 1 < argc) { output = argv[++a]; continue; }
		if (strcmp(argv[a], "--version") == 0 && a + 1 < argc) { version = argv[++a]; continue; }
		if (strcmp(argv[a], "--time") == 0 && a + 1 < argc && atoi(argv[a + 1]) > 0) { timedFrames = atoi(argv[++a]); continue; }
		if (strcmp(argv[a], "--trace") == 0 && a + 1 < argc && atoi(argv[a + 1]) > 0) { traceEvery = atoi(argv[++a]); continue; }
		if (strcmp(argv[a], "--scene") == 0 && a + 1 < argc) {
			const char* name = argv[++a];
			int k = 0;
			while (k < SCENE_COUNT && strcmp(scenes[k].name, name) != 0) ++k;
			if (k == SCENE_COUNT) { fprintf(stderr, "scenes: no scene %s\n", name); return 2; }
			wanted[k] = any = true;
			continue;
		}
		fprintf(stderr, "usage: scenes [--scene NAME]... [--output FILE] [--version TEXT] [--time FRAMES] [--trace FRAMES]\n");
		return 2;
	}
	if (timedFrames > 0) {
		for (int k = 0; k < SCENE_COUNT; ++k)
			if (!any || wanted[k]) time_scene(&scenes[k], timedFrames);
		return 0;
	}
	FILE* json = NULL;
	if (output) {
		json = fopen(output, "w");
		if (!json) { fprintf(stderr, "scenes: cannot write %s\n", output); return 1; }
		fprintf(json, "{\n  \"box2d\": \"%s\",\n  \"substeps\": %d,\n  \"scenes\": {", version, SUBSTEPS);
	}
	bool first = true;
	for (int k = 0; k < SCENE_COUNT; ++k) {
		if (any && !wanted[k]) continue;
		PeerWorld w;
		world_init(&w, scenes[k].sleep);
		scenes[k].build(&w);
		double f[FIGURE_COUNT];
		measure(&w, scenes[k].seconds, f, scenes[k].name, traceEvery);
		world_free(&w);
		printf("%-22s", scenes[k].name);
		for (int i = 0; i < FIGURE_COUNT; ++i) printf(" %s=%.2f", figureNames[i], f[i]);
		printf("\n");
		fflush(stdout);
		if (json) {
			fprintf(json, "%s\n    \"%s\": {", first ? "" : ",", scenes[k].name);
			for (int i = 0; i < FIGURE_COUNT; ++i) fprintf(json, "%s\"%s\": %.3f", i ? ", " : "", figureNames[i], f[i]);
			fprintf(json, "}");
		}
		first = false;
	}
	if (json) {
		fprintf(json, "\n  }\n}\n");
		fclose(json);
	}
	return 0;
}
