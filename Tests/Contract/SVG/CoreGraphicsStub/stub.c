/* Records the calls of the stand-in Core Graphics (CoreGraphics/CoreGraphics.h) as the Swift
   stand-in does: one JSON object per fill or stroke, on standard output. */
#include <CoreGraphics/CoreGraphics.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CGPath { char *text; size_t length; };
struct CGContext { int unused; };

static void append(struct CGPath *p, const char *s) {
  size_t n = strlen(s);
  p->text = realloc(p->text, p->length + n + 1);
  memcpy(p->text + p->length, s, n + 1);
  p->length += n;
}

CGMutablePathRef CGPathCreateMutable(void) { return calloc(1, sizeof(struct CGPath)); }
static void element(CGMutablePathRef path, const char *s) {
  append(path, path->length ? ", \"" : "\"");
  append(path, s);
  append(path, "\"");
}
void CGPathMoveToPoint(CGMutablePathRef path, const CGAffineTransform *m, CGFloat x, CGFloat y) {
  char s[128]; snprintf(s, sizeof s, "M %.17g %.17g", x, y); element(path, s);
}
void CGPathAddLineToPoint(CGMutablePathRef path, const CGAffineTransform *m, CGFloat x, CGFloat y) {
  char s[128]; snprintf(s, sizeof s, "L %.17g %.17g", x, y); element(path, s);
}
void CGPathAddCurveToPoint(CGMutablePathRef path, const CGAffineTransform *m, CGFloat a, CGFloat b,
                           CGFloat c, CGFloat d, CGFloat x, CGFloat y) {
  char s[256]; snprintf(s, sizeof s, "C %.17g %.17g %.17g %.17g %.17g %.17g", a, b, c, d, x, y);
  element(path, s);
}
void CGPathCloseSubpath(CGMutablePathRef path) { element(path, "Z"); }
void CGPathAddPath(CGMutablePathRef p1, const CGAffineTransform *m, CGPathRef p2) {
  if (p2->length) { if (p1->length) append(p1, ", "); append(p1, p2->text); }
}
void CGPathRelease(CGPathRef path) { free(((struct CGPath *)path)->text); free((void *)path); }

static struct CGPath current;
static double alpha = 1, width = 1, miter = 10;
static char fill[128], stroke[128];
static const char *cap = "butt", *join = "miter";

void CGContextSaveGState(CGContextRef c) {}
void CGContextRestoreGState(CGContextRef c) {}
void CGContextSetAlpha(CGContextRef c, CGFloat a) { alpha = a; }
void CGContextBeginTransparencyLayer(CGContextRef c, CFDictionaryRef info) {}
void CGContextEndTransparencyLayer(CGContextRef c) {}
void CGContextSetRGBFillColor(CGContextRef c, CGFloat r, CGFloat g, CGFloat b, CGFloat a) {
  snprintf(fill, sizeof fill, "[%.17g, %.17g, %.17g, %.17g]", r * 255, g * 255, b * 255, a);
}
void CGContextSetRGBStrokeColor(CGContextRef c, CGFloat r, CGFloat g, CGFloat b, CGFloat a) {
  snprintf(stroke, sizeof stroke, "[%.17g, %.17g, %.17g, %.17g]", r * 255, g * 255, b * 255, a);
}
void CGContextAddPath(CGContextRef c, CGPathRef path) {
  if (path->length) { if (current.length) append(&current, ", "); append(&current, path->text); }
}
static void paint(const char *rule) {
  printf("{\"op\": \"fill\", \"alpha\": %.17g, \"color\": %s, \"rule\": \"%s\", \"path\": [%s]}\n",
         alpha, fill, rule, current.text ? current.text : "");
  free(current.text); current.text = NULL; current.length = 0;
}
void CGContextFillPath(CGContextRef c) { paint("winding"); }
void CGContextEOFillPath(CGContextRef c) { paint("evenOdd"); }
void CGContextStrokePath(CGContextRef c) {
  printf("{\"op\": \"stroke\", \"alpha\": %.17g, \"color\": %s, \"width\": %.17g, \"cap\": \"%s\", "
         "\"join\": \"%s\", \"miter\": %.17g, \"path\": [%s]}\n",
         alpha, stroke, width, cap, join, miter, current.text ? current.text : "");
  free(current.text); current.text = NULL; current.length = 0;
}
void CGContextSetLineWidth(CGContextRef c, CGFloat w) { width = w; }
void CGContextSetLineCap(CGContextRef c, CGLineCap k) {
  cap = k == kCGLineCapRound ? "round" : k == kCGLineCapSquare ? "square" : "butt";
}
void CGContextSetLineJoin(CGContextRef c, CGLineJoin k) {
  join = k == kCGLineJoinRound ? "round" : k == kCGLineJoinBevel ? "bevel" : "miter";
}
void CGContextSetMiterLimit(CGContextRef c, CGFloat m) { miter = m; }
