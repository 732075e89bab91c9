#ifndef PO_LANE_INTRINSICS_H
#define PO_LANE_INTRINSICS_H

/*
 * x86 vector instructions that PixelOps' lane helpers need as instructions, not as patterns
 * LLVM may or may not match.
 *
 * po_mulhi_epu16: the high halves of eight 16-bit products, SSE2's `pmulhuw`. Written in Swift
 * as a widened multiply and a shift (what ByteLanes.multiplyHigh does on other architectures),
 * LLVM matched `pmulhuw` on the default x86-64 build only for some multipliers: a constant 257
 * (2^8 + 1) was rewritten as a shift and an add in 32-bit lanes first (about 12 instructions for
 * the one), and on AVX2 builds (`-target-cpu haswell`) every one became `vpmovzxwd`, a 256-bit
 * `vpmulld` and a shift and pack. Inline, so the call disappears in optimised builds.
 */

#if defined(__SSE2__)
#include <emmintrin.h>

static inline __attribute__((always_inline)) __m128i po_mulhi_epu16(__m128i a, __m128i b) {
  return _mm_mulhi_epu16(a, b);
}
#endif

#endif
