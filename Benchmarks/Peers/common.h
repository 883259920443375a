// Shared by box2d.c and chipmunk.c: clock, statistics, the project's jitter generator,
// and the workload constants of Hooke's Benchmarks/DynamicsBenchmarks.swift (springs-N, boxes-N).
#pragma once
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline double now_s(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void* a, const void* b) {
	double x = *(const double*)a, y = *(const double*)b;
	return (x > y) - (x < y);
}

// Prints one line in hooke-bench's format (mean, min, p95 exactly as Benchmarks/Harness.swift computes them:
// p95 = sorted[min(n-1, Int(n*0.95))]) plus the median, p10 and p90. Samples are in microseconds.
static void report(const char* engine, const char* name, double* us, int n) {
	qsort(us, (size_t)n, sizeof(double), cmp_double);
	double sum = 0;
	for (int i = 0; i < n; ++i) sum += us[i];
	int i95 = (int)((double)n * 0.95); if (i95 > n - 1) i95 = n - 1;
	int i10 = (int)((double)n * 0.10), i90 = (int)((double)n * 0.90); if (i90 > n - 1) i90 = n - 1;
	double median = (n % 2) ? us[n / 2] : 0.5 * (us[n / 2 - 1] + us[n / 2]);
	printf("bench %s %s mean_us=%.2f min_us=%.2f p95_us=%.2f median_us=%.2f p10_us=%.2f p90_us=%.2f max_us=%.2f runs=%d\n",
		   engine, name, sum / n, us[0], us[i95], median, us[i10], us[i90], us[n - 1], n);
	fflush(stdout);
}

// The project's deterministic jitter (DynamicsBenchmarks.swift boxBenchmark): a 64-bit LCG.
static uint64_t lcg_state = 0x9E3779B97F4A7C15ULL;
static inline double lcg_random(void) {
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(lcg_state >> 11) / (double)(1ULL << 53);
}

// springs-N: item i centre (160, 26 + 52 i), 300x44 pt; spring length 0, 1 Hz, damping ratio 0.8.
// nudge: every item moved in y by sign * 3 * (0.5 + (i mod 10)/10), sign flipping every 60 frames.
static inline double nudge_dy(int frame, int i) {
	double sign = ((frame / 60) % 2 == 0) ? 1.0 : -1.0;
	return sign * 3.0 * (0.5 + (double)(i % 10) / 10.0);
}

// Project default item resistance 0.1 = velocity x 0.9 per second -> damping rate -ln(0.9) 1/s.
#define HOOKE_RESISTANCE_RATE 0.10536051565782628

// boxes-N geometry, exactly as boxBenchmark computes it (points, y down).
typedef struct PileGeom {
	int columns, perRow, rows;
	double width, height, pitch;
} PileGeom;

static PileGeom pile_geom(int n) {
	PileGeom g;
	g.columns = (int)ceil(1.5 * sqrt((double)n));
	g.width = (double)g.columns * 44.0;
	g.pitch = 1.5 * 44.0;
	g.perRow = (int)(g.width / g.pitch) - 1; if (g.perRow < 1) g.perRow = 1;
	g.rows = (n + g.perRow - 1) / g.perRow;
	g.height = (double)g.rows * g.pitch + 100.0 + 44.0;
	return g;
}

// Box i's start: centre (x, y) and angle, drawing the jitter in the Swift code's order (x, y, angle).
static void pile_start(const PileGeom* g, int i, double* x, double* y, double* angle) {
	int r = i / g->perRow, c = i % g->perRow;
	*x = g->pitch * ((double)c + 1.0) + (lcg_random() - 0.5) * 8.0;
	*y = 44.0 + g->pitch * (double)r + (lcg_random() - 0.5) * 8.0;
	*angle = (lcg_random() - 0.5) * 0.6;
}

// Damped oscillator released from rest at x0: x'' + 2 zeta w x' + w^2 x = 0.
static inline double oscillator(double x0, double hertz, double zeta, double t) {
	double w = 2.0 * M_PI * hertz;
	if (zeta < 1.0) {
		double wd = w * sqrt(1.0 - zeta * zeta);
		return x0 * exp(-zeta * w * t) * (cos(wd * t) + zeta * w / wd * sin(wd * t));
	}
	return x0 * exp(-w * t) * (1.0 + w * t);
}
