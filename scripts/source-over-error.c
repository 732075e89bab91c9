/*
 * Worst error of source-over (`normal`) at fractional opacity and coverage against the exact
 * W3C result d' = s a + d (1 - sa a / 255), a = o m / 255^2: the fixed-point definition of
 * BlendMath.sourceOverWeighted (Sources/PixelOps/Compositing/BlendMath+SourceOver.swift), and,
 * for comparison, the 8-bit definitions it replaced (2026-11-25, issue 11).
 *
 *   cc -O2 -o /tmp/source-over-error scripts/source-over-error.c -lm
 *   /tmp/source-over-error 0          every opacity at full coverage, every s <= sa, every d (8 s)
 *   /tmp/source-over-error 1 17       every (opacity, coverage) pair, s in steps of 17 (3 min)
 *   /tmp/source-over-error 2 7 500    500 random (opacity, coverage) pairs, exhaustive (seed 7)
 *
 * Each channel's error depends only on (s, sa, d) and the weights, so the scan covers every
 * channel of every valid premultiplied pixel (the alpha channel is s = sa, d = da).
 * Results on 2026-11-25: 0.5123 / 0.5157 / 0.5141 (bound 1/2 + 6/256 = 0.5234); the old
 * definitions: 1.4922 (image at an opacity, or a solid colour with the opacity folded in),
 * 1.9217 / 1.9533 (image through a mask), 2.4081 / 2.4436 (solid colour at an opacity through
 * a mask: folded, then rounded again per coverage value).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned div255(unsigned x) { unsigned t = x + 128; return (t + (t >> 8)) >> 8; }

/* BlendMath.sourceOverFactor and BlendMath.sourceOverWeighted, one channel. */
static unsigned factorOf(unsigned o, unsigned m) { return ((m * 257u) * (o * 257u)) >> 16; }
static unsigned weighted(unsigned s, unsigned sa, unsigned d, unsigned f) {
  unsigned p = (s * 256u * f) >> 16, a = (sa * 256u * f) >> 16, q = a + (a >> 8);
  unsigned kept = (d * 256u * (65535u - q)) >> 16;
  if (p + kept + 128u > 65535u) { printf("overflow s=%u sa=%u d=%u f=%u\n", s, sa, d, f); exit(1); }
  return (p + kept + 128u) >> 8;
}

static double worstNew, worstImage, worstSolid;

static void scan(unsigned o, unsigned m, unsigned step) {
  double a = (double)o * m / 65025.0;
  unsigned f = factorOf(o, m), c = div255(m * o);
  for (unsigned sa = 0; sa < 256; sa++) {
    /* old image path: c = round(m o / 255), s' = round(s c / 255); old solid path: the colour
       folded with o, then looked up per coverage: round(round(s o / 255) m / 255) */
    unsigned saImage = div255(sa * c), saSolid = div255(div255(sa * o) * m);
    for (unsigned s = 0;; s = (s + step > sa) ? sa : s + step) {
      unsigned sImage = div255(s * c), sSolid = div255(div255(s * o) * m);
      for (unsigned d = 0; d < 256; d++) {
        double exact = s * a + d * (1.0 - sa * a / 255.0);
        double e = fabs(weighted(s, sa, d, f) - exact);
        if (e > worstNew) worstNew = e;
        e = fabs(sImage + div255(d * (255 - saImage)) - exact);
        if (e > worstImage) worstImage = e;
        e = fabs(sSolid + div255(d * (255 - saSolid)) - exact);
        if (e > worstSolid) worstSolid = e;
      }
      if (s == sa) break;
    }
  }
}

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  if (mode == 0) {
    for (unsigned o = 0; o < 256; o++) scan(o, 255, 1);
    printf("every opacity, full coverage, exhaustive: fixed point %.4f, old %.4f\n", worstNew, worstImage);
  } else if (mode == 1) {
    unsigned step = argc > 2 ? (unsigned)atoi(argv[2]) : 17;
    for (unsigned o = 0; o < 256; o++)
      for (unsigned m = 0; m < 256; m++) scan(o, m, step);
    printf("every (opacity, coverage), s step %u: fixed point %.4f, old image %.4f, old solid %.4f\n", step, worstNew,
           worstImage, worstSolid);
  } else {
    srand(argc > 2 ? (unsigned)atoi(argv[2]) : 7);
    int n = argc > 3 ? atoi(argv[3]) : 500;
    for (int i = 0; i < n; i++) { unsigned o = rand() % 256, m = rand() % 256; scan(o, m, 1); }
    printf("%d random (opacity, coverage), exhaustive: fixed point %.4f, old image %.4f, old solid %.4f\n", n, worstNew,
           worstImage, worstSolid);
  }
  return 0;
}
