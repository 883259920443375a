import Geometry2D

/// Estimates a pointer's velocity from its recent positions: a least-squares line through the samples of
/// the last `window` seconds (like Flutter's VelocityTracker), not the difference of the last two
/// points, which is noisy at high event rates and zero when two events share a timestamp.
struct VelocityTracker {
  private struct Sample {
    var time: Double
    var position: Point
  }
  private var samples: [Sample] = []
  /// Seconds of history the fit uses.
  var window: Double

  init(window: Double = 0.1) { self.window = window }

  mutating func reset() { samples.removeAll(keepingCapacity: true) }

  /// Adds a position (points) at a time (seconds). Old samples beyond the window are dropped.
  mutating func add(_ position: Point, at time: Double) {
    samples.append(Sample(time: time, position: position))
    // Keep a little more than the window so a late query still has the samples it needs.
    while let first = samples.first, time - first.time > window * 2 || samples.count > 64 {
      samples.removeFirst()
    }
  }

  /// The slope of the least-squares line through the samples within `window` seconds of the newest one,
  /// in points per second; zero with fewer than two distinct times.
  func velocity() -> Vector {
    guard let newest = samples.last else { return .zero }
    let recent = samples.filter { newest.time - $0.time <= window + 1e-9 }
    guard recent.count >= 2 else { return .zero }
    let n = Double(recent.count)
    var mt = 0.0, mx = 0.0, my = 0.0
    for s in recent {
      mt += s.time - newest.time
      mx += s.position.x
      my += s.position.y
    }
    mt /= n
    mx /= n
    my /= n
    var stt = 0.0, stx = 0.0, sty = 0.0
    for s in recent {
      let dt = s.time - newest.time - mt
      stt += dt * dt
      stx += dt * (s.position.x - mx)
      sty += dt * (s.position.y - my)
    }
    guard stt > 1e-12 else { return .zero }
    return Vector(dx: stx / stt, dy: sty / stt)
  }
}
