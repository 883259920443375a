// Runs a built scene in 1/60 s steps of 4 substeps and measures its figures, defined exactly as
// Sources/PeerScenes/PeerRun.swift defines them (docs/peer-suite.md). Lengths in pt, speeds in pt/s.
#include "figures.h"

const char* const figureNames[FIGURE_COUNT] = {
	"drift", "slide", "slid", "speed", "rest", "overlap", "gap", "sink", "sideways", "escaped", "standing"};

static double fastest(const PeerWorld* w) {
	double top = 0;
	for (int i = 0; i < w->movingCount; ++i) {
		b2Vec2 v = b2Body_GetLinearVelocity(w->moving[i]);
		double s = sqrt((double)v.x * v.x + (double)v.y * v.y) * PPM;
		if (s > top) top = s;
	}
	return top;
}

static double widest_pin_gap(const PeerWorld* w) {
	double widest = 0;
	for (int i = 0; i < w->pinCount; ++i) {
		b2JointId j = w->pins[i];
		b2Vec2 p = b2Body_GetWorldPoint(b2Joint_GetBodyA(j), b2Joint_GetLocalAnchorA(j));
		b2Vec2 q = b2Body_GetWorldPoint(b2Joint_GetBodyB(j), b2Joint_GetLocalAnchorB(j));
		double d = sqrt((double)(p.x - q.x) * (p.x - q.x) + (double)(p.y - q.y) * (p.y - q.y)) * PPM;
		if (d > widest) widest = d;
	}
	return widest;
}

static bool is_outside(const PeerWorld* w, b2Vec2 p, double time) {
	double x = p.x - w->cx, y = p.y - w->cy;
	double a = -w->spin * time, c = cos(a), s = sin(a);
	double lx = c * x - s * y, ly = s * x + c * y;
	return fabs(lx) > w->hw || fabs(ly) > w->hh;
}

static double deepest_overlap(const PeerWorld* w) {
	double deepest = 0;
	for (int i = 0; i < w->circleCount; ++i) {
		b2Vec2 a = b2Body_GetPosition(w->circles[i]);
		for (int j = i + 1; j < w->circleCount; ++j) {
			b2Vec2 b = b2Body_GetPosition(w->circles[j]);
			double dx = (a.x - b.x) * PPM, dy = (a.y - b.y) * PPM;
			double reach = ((double)w->radii[i] + w->radii[j]) * PPM;
			if (fabs(dx) >= reach || fabs(dy) >= reach) continue;
			double o = reach - sqrt(dx * dx + dy * dy);
			if (o > deepest) deepest = o;
		}
	}
	return deepest;
}

static void end_figures(const PeerWorld* w, double time, double* f) {
	const double tenDegrees = 10.0 * M_PI / 180.0;
	for (int i = 0; i < w->movingCount; ++i) {
		b2Vec2 p = b2Body_GetPosition(w->moving[i]);
		double dx = (p.x - w->starts[i].x) * PPM, dy = (p.y - w->starts[i].y) * PPM;
		double d = sqrt(dx * dx + dy * dy);
		if (d > f[DRIFT]) f[DRIFT] = d;
		if (fabs(dx) > f[SLIDE]) f[SLIDE] = fabs(dx);
		if (fabs(dx) > 50) f[SLID] += 1;
		double turn = remainder((double)b2Rot_GetAngle(b2Body_GetRotation(w->moving[i])) - w->startAngles[i], 2 * M_PI);
		if (fabs(turn) < tenDegrees) f[STANDING] += 1;
		if (w->hasContainer && is_outside(w, p, time)) f[ESCAPED] += 1;
	}
	for (int i = 0; i < w->idealCount; ++i) {
		double s = ((double)w->idealHeights[i] - b2Body_GetPosition(w->idealBodies[i]).y) * PPM;
		if (s > f[SINK]) f[SINK] = s;
	}
	f[OVERLAP] = deepest_overlap(w);
}

// The figures a trace prints, in the order of PeerRun.tracedFigures.
static const int traced[] = {DRIFT, SLIDE, SLID, SPEED, OVERLAP, GAP, SINK};

static void trace_line(const PeerWorld* w, const char* name, int frame, double gap) {
	double t[FIGURE_COUNT];
	for (int q = 0; q < FIGURE_COUNT; ++q) t[q] = 0;
	end_figures(w, frame * FRAME, t);
	t[SPEED] = fastest(w);
	t[GAP] = gap;
	printf("trace %s t=%.2f", name, frame * FRAME);
	for (size_t q = 0; q < sizeof traced / sizeof traced[0]; ++q) printf(" %s=%.2f", figureNames[traced[q]], t[traced[q]]);
	printf("\n");
}

void measure(PeerWorld* w, double seconds, double* f, const char* name, int traceEvery) {
	for (int k = 0; k < FIGURE_COUNT; ++k) f[k] = 0;
	int frames = (int)lround(seconds / FRAME);
	if (frames < 1) frames = 1;
	int lastMoving = 0;
	for (int k = 1; k <= frames; ++k) {
		b2World_Step(w->id, (float)FRAME, SUBSTEPS);
		if (fastest(w) > MOVING_SPEED) lastMoving = k;
		double g = widest_pin_gap(w);
		if (g > f[GAP]) f[GAP] = g;
		if (w->hasBall) {
			double vx = fabs((double)b2Body_GetLinearVelocity(w->ball).x) * PPM;
			if (vx > f[SIDEWAYS]) f[SIDEWAYS] = vx;
		}
		if (traceEvery > 0 && k % traceEvery == 0) trace_line(w, name, k, f[GAP]);
	}
	end_figures(w, frames * FRAME, f);
	f[SPEED] = fastest(w);
	f[REST] = lastMoving * FRAME;
}
