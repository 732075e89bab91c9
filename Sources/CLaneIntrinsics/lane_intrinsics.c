// The intrinsics are inline functions in the header; a C target needs a source file.
#include "lane_intrinsics.h"
