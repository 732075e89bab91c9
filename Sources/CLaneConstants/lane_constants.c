#include "lane_constants.h"

const uint16_t po_multiplier_257[8] __attribute__((aligned(16))) = {257, 257, 257, 257, 257, 257, 257, 257};
