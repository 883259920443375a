/// The wall hold's cheap first look (`ContactStore.hold`): most bodies it checks stand on a wall a
/// slop deep or less, and the exact test (`ShapeStore.wallSeparation`) spends a cosine, a sine and, for
/// a two-sided segment, a normalised edge per polygon side to find that out. This bound needs neither:
/// cos θ and sin θ are bounded by their Taylor polynomials (1 − θ²/2 ≤ cos θ ≤ 1 and
/// |sin θ − θ| ≤ |θ|³/6 for every θ), so every vertex's height over the segment's line has a lower
/// bound from two dot products. When that bound clears the limit by a margin far larger than any
/// rounding of the exact test, the exact test would leave the body where it is, and is skipped; when
/// it does not, the exact test runs as before, so the hold acts exactly as it did, bit for bit.
extension ShapeStore {
  /// Whether every point of the shapes `range` of a body at `p`, turned by `angle`, of bounding radius
  /// `extent`, provably lies above `-limit` along `side` from the line through `a` (so no shape reads
  /// deeper than `limit` into the segment). False proves nothing.
  func isProvablyWithin(
    _ limit: Double, shapes range: Range<Int>, at p: Vec2, angle: Double, extent: Double, line a: Vec2, side: Vec2
  ) -> Bool {
    let t = abs(angle)
    let cosSlack = 0.5 * t * t, sinSlack = t * t * t / 6
    // The exact test's roundings are a few units in the last place of these magnitudes; a billionth of
    // them is orders of magnitude more (and a hundred-thousandth of a point at ten thousand points).
    let margin = 1e-9 * (1 + abs(p.x) + abs(p.y) + abs(a.x) + abs(a.y) + extent)
    let floor = margin - limit
    let base = side.dot(p - a)
    // Not `base >= …` alone: NaN fails every comparison, so a pose gone wrong takes the exact path.
    for s in range {
      let shape = list[s]
      if shape.kind == .circle {
        // A circle beyond a two-sided segment's end is at least as far from it as from its line.
        let lowest = base + ShapeStore.lowestHeight(of: shape.localCenter, angle, cosSlack, sinSlack, side)
        guard lowest - shape.radius >= floor else { return false }
        continue
      }
      for k in Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount) {
        let lowest = base + ShapeStore.lowestHeight(of: localVertices[k], angle, cosSlack, sinSlack, side)
        guard lowest >= floor else { return false }
      }
    }
    return true
  }

  /// A lower bound of side·R(θ)v: with α = side·v and β = v × side it is cos θ·α + sin θ·β, and
  /// cos θ·α ≥ α − (1 − cos θ)|α|, sin θ·β ≥ θβ − |sin θ − θ||β|.
  @inline(__always) static func lowestHeight(
    of v: Vec2, _ angle: Double, _ cosSlack: Double, _ sinSlack: Double, _ side: Vec2
  ) -> Double {
    let alpha = side.dot(v), beta = v.cross(side)
    return alpha + angle * beta - cosSlack * abs(alpha) - sinSlack * abs(beta)
  }
}
