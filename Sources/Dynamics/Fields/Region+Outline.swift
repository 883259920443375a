#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

extension Region {
  /// The region's edge as segments in field-local points, for drawing: every circle and rectangle
  /// the region is made of is cut into short segments, and a segment is kept only where the region's
  /// membership changes across it, so a union draws its outer edge and a difference its hole.
  /// Empty for regions with no edge (`.infinite`, its inverse).
  /// - Parameter circleSegments: segments per full circle (at least 8).
  public func outline(circleSegments: Int = 72) -> [(from: Point, to: Point)] {
    var out: [(from: Point, to: Point)] = []
    let n = max(8, circleSegments)
    for op in ops {
      switch op {
      case .circle(let r) where r > 0:
        var a = Point(x: r, y: 0)
        for k in 1...n {
          let t = 2 * Double.pi * Double(k) / Double(n)
          let b = Point(x: r * cos(t), y: r * sin(t))
          keepIfEdge(a, b, into: &out)
          a = b
        }
      case .rectangle(let hw, let hh) where hw > 0 && hh > 0:
        let corners = [Point(x: -hw, y: -hh), Point(x: hw, y: -hh), Point(x: hw, y: hh), Point(x: -hw, y: hh)]
        for k in 0..<4 {
          let a = corners[k], b = corners[(k + 1) % 4]
          // Split each side so a side that is only partly on the edge is drawn only there.
          let pieces = max(1, Int((b - a).length / 8))
          for j in 0..<pieces {
            let p = a.interpolated(to: b, fraction: Double(j) / Double(pieces))
            let q = a.interpolated(to: b, fraction: Double(j + 1) / Double(pieces))
            keepIfEdge(p, q, into: &out)
          }
        }
      default: break
      }
    }
    return out
  }

  /// Keeps the segment when the points just either side of its middle disagree about membership.
  private func keepIfEdge(_ a: Point, _ b: Point, into out: inout [(from: Point, to: Point)]) {
    let d = b - a
    let len = d.length
    guard len > 0 else { return }
    let n = Vector(dx: -d.dy / len, dy: d.dx / len) * 0.5
    let m = a.interpolated(to: b, fraction: 0.5)
    if contains(m + n) != contains(m - n) { out.append((a, b)) }
  }
}
