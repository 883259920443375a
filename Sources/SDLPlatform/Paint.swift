/// A colour ready to put on 32-bit ARGB pixels: an opaque one replaces them, a translucent one is
/// blended as SDL's software renderer blends (BLENDMODE_BLEND), to the same integer arithmetic.
struct Paint {
  let isOpaque: Bool
  /// The pixel an opaque colour writes.
  let value: UInt32
  /// 255 − alpha, and the colour premultiplied by its alpha in the red/blue and alpha/green lanes.
  let inverse: UInt32
  let sourceRB: UInt32
  let sourceAG: UInt32

  @inline(__always) init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
    isOpaque = a == 255
    value = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    let alpha = UInt32(a)
    inverse = 255 - alpha
    sourceRB = (UInt32(r) * alpha / 255) << 16 | UInt32(b) * alpha / 255
    sourceAG = alpha << 16 | UInt32(g) * alpha / 255
  }

  /// The pixel `d` becomes: two channels at a time, each of red/blue and alpha/green becomes
  /// source + destination × (255 − a) / 255, the division exact (x / 255 = (x + 1 + x >> 8) >> 8 for every
  /// x up to 255²).
  @inline(__always) func over(_ d: UInt32) -> UInt32 {
    if isOpaque { return value }
    var rb = (d & 0x00FF_00FF) &* inverse
    rb = ((rb &+ 0x0001_0001 &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((d >> 8) & 0x00FF_00FF) &* inverse
    ag = ((ag &+ 0x0001_0001 &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    return (rb &+ sourceRB) | (ag &+ sourceAG) << 8
  }

  /// Paints `count` pixels from `line` on: a plain fill when opaque.
  @inline(__always) func span(_ line: UnsafeMutablePointer<UInt32>, count: Int) {
    if isOpaque {
      line.update(repeating: value, count: count)
    } else {
      for k in 0..<count { line[k] = over(line[k]) }
    }
  }
}
