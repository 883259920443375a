#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

extension FieldBehavior {
  /// What this field would do to a probe of `mass` and `charge` moving at `velocity` (pt/s) at `point`
  /// (the animator's coordinates), at `time` seconds (default: its animator's elapsed time, or 0).
  /// Nothing moves and nothing is woken: views and tests use it to see the field.
  /// - Precondition: `mass` is positive and finite (fields divide by it or scale with it); `point`,
  ///   `velocity`, `charge` and `time` are finite.
  public func sample(
    at point: Point, velocity: Vector = .zero, mass: Double = 1, charge: Double = 0,
    time: Double? = nil
  ) -> FieldSample {
    precondition(
      mass > 0 && mass.isFinite, "FieldBehavior.sample: the probe's mass must be positive and finite, got \(mass).")
    Validate.point(point, "FieldBehavior.sample point")
    Validate.vector(velocity, "FieldBehavior.sample velocity")
    Validate.finite(charge, "FieldBehavior.sample charge")
    if let time { Validate.finite(time, "FieldBehavior.sample time") }
    return evaluate(
      at: point, velocity: velocity, mass: mass, charge: charge,
      time: time ?? dynamicAnimator?.elapsedTime ?? 0)
  }

  /// The force (points·mass/s²) of `sample(at:velocity:mass:charge:time:)`; zero for a velocity field.
  public func force(
    at point: Point, velocity: Vector = .zero, mass: Double = 1, charge: Double = 0,
    time: Double? = nil
  ) -> Vector {
    sample(at: point, velocity: velocity, mass: mass, charge: charge, time: time).force
  }

  /// The falloff factor at `distance` points from `position`: max(r, minimumRadius, 2⁻¹⁵ m)^−falloff,
  /// with r in metres. The floor of 2⁻¹⁵ m (`defaultMinimumRadius`) under `minimumRadius` keeps the
  /// factor finite at the field's own centre, even with `minimumRadius` 0; a factor that still
  /// overflows (a huge falloff) counts as the largest finite number.
  public func falloffFactor(atDistance distance: Double) -> Double {
    if falloff == 0 { return 1 }
    let floor = max(minimumRadius, FieldBehavior.defaultMinimumRadius)
    let r = max(distance.isNaN ? 0 : distance, floor) / FieldBehavior.pointsPerMetre
    return min(pow(r, -falloff), Double.greatestFiniteMagnitude)
  }

  /// The noise's spatial frequency in cycles per metre for the current smoothness (UIKit's measured
  /// 1.25 / (smoothness + 1/12) − 1: 14 at 0, about 0.15 at 1).
  public var noiseFrequency: Double {
    let s = min(max(smoothness, 0), 1)
    return 1.25 / (s + 1.0 / 12) - 1
  }

  /// The field law. Internally in SI (metres, metres/s, newtons) like UIKit's engine; the result in
  /// points·mass/s² (force) and points/s (imposed velocity).
  func evaluate(at point: Point, velocity: Vector, mass: Double, charge: Double, time: Double) -> FieldSample {
    let local = point - position
    if !region.isInfinite && !region.contains(Point(x: local.dx, y: local.dy)) { return .none }
    if kind == .custom { return FieldSample(force: evaluator!(point, velocity, mass, charge, time).finite) }

    let k = FieldBehavior.pointsPerMetre
    let r = local / k  // metres from the centre
    let d = r.length
    let rHat = d > 0 ? r / d : .zero
    let fall = falloffFactor(atDistance: d * k)
    let v = velocity / k  // metres/s
    let s = strength
    let newtons: Vector
    switch kind {
    case .linearGravity:
      newtons = direction * (mass * s * fall)
    case .radialGravity:
      newtons = rHat * (-mass * s * fall)
    case .spring:
      newtons = rHat * (-s * fall)
    case .electric:
      newtons = rHat * (charge * s * fall)
    case .magnetic:
      // v × B with B out of the screen, in y-down coordinates: (vy, −vx) turns counter-clockwise on
      // screen, so a positive charge in a positive field circles counter-clockwise.
      newtons = Vector(dx: v.dy, dy: -v.dx) * (charge * s * fall)
    case .drag:
      let u = v - direction
      newtons = u * (-s * u.length * fall)
    case .vortex:
      // Tangent (ry, −rx) is counter-clockwise on screen (y down). UIKit divides by the mass once more.
      newtons = Vector(dx: r.dy, dy: -r.dx) * (s * fall / mass)
    case .noise, .turbulence:
      let f = noiseFrequency
      let n = noise.sample(x: r.dx * f, y: r.dy * f, z: time * animationSpeed)
      var scale = mass * s * fall
      if kind == .turbulence { scale *= v.length }
      newtons = Vector(dx: n.dx, dy: n.dy) * scale
    case .velocity:
      return FieldSample(force: .zero, velocity: (direction * (s * fall * k)).finite)
    case .custom:
      newtons = .zero
    }
    return FieldSample(force: (newtons * k).finite)
  }
}

extension Vector {
  /// NaN components as 0 (0 × ∞ where a direction has no component), infinite ones as the largest
  /// finite number of their sign: what a field reports when its numbers overflow.
  var finite: Vector {
    func f(_ c: Double) -> Double {
      c.isNaN ? 0 : min(max(c, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
    }
    return Vector(dx: f(dx), dy: f(dy))
  }
}
