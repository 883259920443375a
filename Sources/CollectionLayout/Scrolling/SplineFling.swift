#if canImport(Glibc)
  import Glibc
#endif

/// Android's spline fling made ballistic (Flutter's ClampingScrollSimulation).
struct SplineFling {
  /// ln(0.78)/ln(0.9): the exponent of the spline.
  static let decelerationExponent = 2.358_201_815_395_543
  var start: Double
  var distance: Double
  var duration: Double
  var elapsed = 0.0

  init(start: Double, velocity v: Double) {
    // refV = friction 0.015 × physCoeff 51 890 px/s² / inflexion 0.35 ≈ 2224 px/s.
    let physicalCoefficient = 9.80665 * 39.37 * 160 * 0.84
    let referenceVelocity = 0.015 * physicalCoefficient / 0.35
    let e = SplineFling.decelerationExponent
    self.start = start
    self.duration = e * 0.35 * pow(Swift.abs(v) / referenceVelocity, 1 / (e - 1))
    self.distance = v * duration / e
  }

  var position: Double {
    let t = duration > 0 ? Swift.min(1, elapsed / duration) : 1
    return start + distance * (1 - pow(1 - t, SplineFling.decelerationExponent))
  }

  var velocity: Double {
    let t = duration > 0 ? Swift.min(1, elapsed / duration) : 1
    let e = SplineFling.decelerationExponent
    return duration > 0 ? distance * e / duration * pow(1 - t, e - 1) : 0
  }
}
