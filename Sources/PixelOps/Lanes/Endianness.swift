/// Lanes as little-endian integers: pixel bytes in memory order R, G, B, A read as
/// `A << 24 | B << 16 | G << 8 | R` on any machine. Its own inverse; free on little-endian.
@inline(__always)
func littleEndianLanes(_ lanes: SIMD4<UInt32>) -> SIMD4<UInt32> {
  #if _endian(big)
    return SIMD4(lanes[0].byteSwapped, lanes[1].byteSwapped, lanes[2].byteSwapped, lanes[3].byteSwapped)
  #else
    return lanes
  #endif
}
