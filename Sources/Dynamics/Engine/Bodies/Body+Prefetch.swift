import CPrefetch

/// Asking for bodies' lines ahead of a loop over the solver's bodies or the slots: each body's
/// record is four cache lines and such a loop reads one or two of them, 256 bytes on from the last
/// body's, a walk the hardware's prefetchers fall behind on (the velocity integration of 22,000
/// bodies spent a quarter less with it, the position integration a tenth less).
extension Body {
  /// How many bodies ahead a loop asks for the lines it will read.
  static let prefetchDistance = 16

  /// The lines a loop may ask for (`Body`'s comment; `LineAlignedArrayTests` checks them): the pose
  /// and flags, the forces, the rotation last written to the item. Numbers, not offsets looked up,
  /// so asking costs an instruction or two.
  static let poseLine = 0, forcesLine = 1, writtenLine = 3

  /// Asks for line `line` of body `i`.
  @inline(__always) static func prefetch(_ bodies: UnsafeMutablePointer<Body>, _ i: Int, line: Int) {
    hooke_prefetch(UnsafeRawPointer(bodies + i) + 64 * line)
  }
}
