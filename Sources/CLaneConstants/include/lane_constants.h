#ifndef PO_LANE_CONSTANTS_H
#define PO_LANE_CONSTANTS_H

/*
 * Vector constants that PixelOps' lane helpers read from memory instead of writing them as
 * literals, because the optimizer must not see their values.
 *
 * po_multiplier_257: 257 in each of eight 16-bit lanes, the multiplier of ExactDivision's
 * vector div255 (`pmulhuw` of x + 128 by 257). Written as a literal in Swift, LLVM turns the
 * widened multiply by 257 into a shift and an add in 32-bit lanes on SSE2 (257 = 2^8 + 1; a
 * 32-bit vector multiply has no SSE2 instruction) and the multiply-high pattern is lost: about
 * 13 instructions for 8 lanes instead of one `pmulhuw`. Defined in another translation unit, the
 * value is unknown to the optimizer but still constant memory, so its load leaves the loops.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

extern const uint16_t po_multiplier_257[8] __attribute__((aligned(16)));

#ifdef __cplusplus
}
#endif

#endif
