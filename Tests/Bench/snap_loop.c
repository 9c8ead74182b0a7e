/* The yardstick of the sweep benchmark (`make bench`, docs/performance.md): a plain C loop of
 * a snap's float32 math, one scenario at a time. A 375 x 50 pt bar (1.875 kg) that can turn,
 * held by UIKit's snap (four soft distance joints to the ground: 4 Hz, rest length 50 pt),
 * released at a distance from the snap point and stepped for 240 sub-steps of 1/120 s, each
 * with velocity damping, the joints' set-up and warm start, eight velocity iterations with the
 * angular terms, and the position update. No world, no contacts, no frames, no metrics: the
 * floor a sweep's scenario could reach one at a time. Box2D 2.3's soft distance joint (Catto,
 * "Soft Constraints", GDC 2011), written here for the benchmark; the Makefile compiles it with
 * gcc -O2.
 *
 *   snap-loop [MIN_SECONDS]   prints "scenarios_per_s,ns_per_substep,substeps,checksum"
 *                             for the fastest batch of at least MIN_SECONDS (default 0.5) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { JOINTS = 4, ITERATIONS = 8, SUBSTEPS = 240, BATCH = 200 };

typedef struct { float x, y; } vec2;

static const float h = 1.0f / 120.0f;
static const float pi = 3.14159265359f;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One scenario: the bar released `offset` m to the right of its snap point with damping
 * ratio `zeta`; returns its final x + y + angle (so the work cannot be left out). */
static float scenario(float offset, float zeta) {
  const float hw = 1.875f, hh = 0.25f, rest = 0.5f;
  const float mass = 1.875f, inertia = mass * (4 * hw * hw + 4 * hh * hh) / 12;
  const float invMass = 1 / mass, invI = 1 / inertia, damping = 0.1f;
  const vec2 local[JOINTS] = {{-hw, -hh}, {-hw, -hh}, {hw, hh}, {hw, hh}};
  const vec2 ground[JOINTS] = {{-hw - rest, -hh}, {-hw, -hh - rest}, {hw + rest, hh}, {hw, hh + rest}};
  const float omega = 2 * pi * 4.0f;
  vec2 c = {offset, 0}, v = {0, 0};
  float a = 0, w = 0, s = 0, co = 1;
  vec2 rA[JOINTS], u[JOINTS];
  float mass_[JOINTS], gamma[JOINTS], bias[JOINTS], impulse[JOINTS] = {0, 0, 0, 0};
  for (int step = 0; step < SUBSTEPS; step++) {
    float linear = 1 / (1 + h * damping), angular = 1 / (1 + h * damping);
    v.x *= linear;
    v.y *= linear;
    w *= angular;
    for (int j = 0; j < JOINTS; j++) {
      rA[j].x = co * local[j].x - s * local[j].y;
      rA[j].y = s * local[j].x + co * local[j].y;
      vec2 d = {ground[j].x - c.x - rA[j].x, ground[j].y - c.y - rA[j].y};
      float length = sqrtf(d.x * d.x + d.y * d.y);
      if (length > 0.005f) {
        d.x *= 1 / length;
        d.y *= 1 / length;
      } else {
        d.x = 0;
        d.y = 0;
      }
      u[j] = d;
      float cr = rA[j].x * d.y - rA[j].y * d.x;
      float invM = invMass + invI * cr * cr;
      float m = invM != 0 ? 1 / invM : 0;
      float k = m * omega * omega;
      float g = h * (2 * m * zeta * omega + h * k);
      g = g != 0 ? 1 / g : 0;
      gamma[j] = g;
      bias[j] = (length - rest) * h * k * g;
      invM += g;
      mass_[j] = invM != 0 ? 1 / invM : 0;
      vec2 P = {impulse[j] * d.x, impulse[j] * d.y};
      v.x -= invMass * P.x;
      v.y -= invMass * P.y;
      w -= invI * (rA[j].x * P.y - rA[j].y * P.x);
    }
    for (int it = 0; it < ITERATIONS; it++) {
      for (int j = 0; j < JOINTS; j++) {
        vec2 vp = {v.x - w * rA[j].y, v.y + w * rA[j].x};
        float cdot = u[j].x * (0 - vp.x) + u[j].y * (0 - vp.y);
        float lambda = -mass_[j] * (cdot + bias[j] + gamma[j] * impulse[j]);
        impulse[j] += lambda;
        vec2 P = {lambda * u[j].x, lambda * u[j].y};
        v.x -= invMass * P.x;
        v.y -= invMass * P.y;
        w -= invI * (rA[j].x * P.y - rA[j].y * P.x);
      }
    }
    c.x += h * v.x;
    c.y += h * v.y;
    a += h * w;
    s = sinf(a);
    co = cosf(a);
  }
  return c.x + c.y + a;
}

int main(int argc, char **argv) {
  double minimum = argc > 1 ? atof(argv[1]) : 0.5;
  double best = INFINITY, total = 0;
  float checksum = 0;
  int batches = 0, n = 0;
  while (batches < 5 || total < minimum) {
    double start = now_s();
    for (int i = 0; i < BATCH; i++, n++) {
      checksum += scenario(-1.8f + 3.6f * (float)(n % 301) / 300, 0.05f + 1.45f * (float)(n % 199) / 198);
    }
    double seconds = now_s() - start;
    if (seconds < best) best = seconds;
    total += seconds;
    batches++;
  }
  printf("%.1f,%.2f,%d,%g\n", BATCH / best, 1e9 * best / (BATCH * (double)SUBSTEPS), SUBSTEPS,
         (double)checksum);
  return 0;
}
