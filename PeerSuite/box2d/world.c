// PeerWorld: building a scene's bodies and remembering what the figures read (see world.h).
#include "world.h"

void world_init(PeerWorld* w, bool sleep) {
	memset(w, 0, sizeof *w);
	b2WorldDef wd = b2DefaultWorldDef();
	wd.enableSleep = sleep;
	w->id = b2CreateWorld(&wd);
	b2BodyDef gd = b2DefaultBodyDef();
	w->ground = b2CreateBody(w->id, &gd);
}

void world_free(PeerWorld* w) {
	b2DestroyWorld(w->id);
	free(w->moving); free(w->starts); free(w->startAngles);
	free(w->circles); free(w->radii); free(w->pins);
	free(w->idealBodies); free(w->idealHeights);
}

void set_gravity(PeerWorld* w, float g) { b2World_SetGravity(w->id, (b2Vec2){0, -g}); }

static b2BodyId new_body(PeerWorld* w, float x, float y, float angle, Material m) {
	b2BodyDef bd = b2DefaultBodyDef();
	bd.type = m.isStatic ? b2_staticBody : b2_dynamicBody;
	bd.position = (b2Vec2){x, y};
	bd.rotation = b2MakeRot(angle);
	bd.gravityScale = m.falls ? 1.0f : 0.0f;
	b2BodyId b = b2CreateBody(w->id, &bd);
	if (!m.isStatic) {
		GROW(w->moving, w->movingCount, w->movingCap);
		w->starts = realloc(w->starts, sizeof(b2Vec2) * (size_t)w->movingCap);
		w->startAngles = realloc(w->startAngles, sizeof(float) * (size_t)w->movingCap);
		w->moving[w->movingCount] = b;
		w->starts[w->movingCount] = bd.position;
		w->startAngles[w->movingCount] = angle;
		w->movingCount++;
	}
	return b;
}

static b2ShapeDef shape_def(Material m) {
	b2ShapeDef sd = b2DefaultShapeDef();
	sd.density = m.density;
	sd.material.friction = m.friction;
	sd.material.restitution = m.restitution;
	if (!m.collides) {
		// The joint grid: Box2D's category 2 that ignores category 2.
		sd.filter.categoryBits = 2;
		sd.filter.maskBits = ~2u;
	}
	return sd;
}

b2BodyId add_polygon(PeerWorld* w, float x, float y, float angle, const b2Polygon* shape, Material m) {
	b2BodyId b = new_body(w, x, y, angle, m);
	b2ShapeDef sd = shape_def(m);
	b2CreatePolygonShape(b, &sd, shape);
	return b;
}

b2BodyId add_box(PeerWorld* w, float x, float y, float hx, float hy, float angle, Material m) {
	b2Polygon box = b2MakeBox(hx, hy);
	return add_polygon(w, x, y, angle, &box, m);
}

b2BodyId add_circle(PeerWorld* w, float x, float y, float r, Material m) {
	b2BodyId b = new_body(w, x, y, 0, m);
	b2ShapeDef sd = shape_def(m);
	b2Circle c = {{0, 0}, r};
	b2CreateCircleShape(b, &sd, &c);
	if (!m.isStatic) {
		GROW(w->circles, w->circleCount, w->circleCap);
		w->radii = realloc(w->radii, sizeof(float) * (size_t)w->circleCap);
		w->circles[w->circleCount] = b;
		w->radii[w->circleCount] = r;
		w->circleCount++;
	}
	return b;
}

void add_segment(PeerWorld* w, float x1, float y1, float x2, float y2, float friction) {
	b2ShapeDef sd = b2DefaultShapeDef();
	sd.material.friction = friction;
	b2Segment s = {{x1, y1}, {x2, y2}};
	b2CreateSegmentShape(w->ground, &sd, &s);
}

void add_pin(PeerWorld* w, b2BodyId a, b2BodyId b, b2Vec2 localA, b2Vec2 localB) {
	b2RevoluteJointDef jd = b2DefaultRevoluteJointDef();
	jd.bodyIdA = a; jd.bodyIdB = b;
	jd.localAnchorA = localA; jd.localAnchorB = localB;
	GROW(w->pins, w->pinCount, w->pinCap);
	w->pins[w->pinCount++] = b2CreateRevoluteJoint(w->id, &jd);
}

void expect_height(PeerWorld* w, b2BodyId body, float metres) {
	GROW(w->idealBodies, w->idealCount, w->idealCap);
	w->idealHeights = realloc(w->idealHeights, sizeof(float) * (size_t)w->idealCap);
	w->idealBodies[w->idealCount] = body;
	w->idealHeights[w->idealCount] = metres;
	w->idealCount++;
}
