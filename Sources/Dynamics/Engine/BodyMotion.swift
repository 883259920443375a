#if canImport(Glibc)
import Glibc
#endif

/// Velocity and mass of one side of a contact or joint, loaded from the body array (or the fixed world).
struct BodyMotion {
  var v: Vec2
  var w: Double
  var invMass: Double
  var invInertia: Double
  var deltaPosition: Vec2
  var deltaAngle: Double

  static let world = BodyMotion(v: .zero, w: 0, invMass: 0, invInertia: 0, deltaPosition: .zero, deltaAngle: 0)

  @inline(__always) init(v: Vec2, w: Double, invMass: Double, invInertia: Double, deltaPosition: Vec2, deltaAngle: Double) {
    self.v = v; self.w = w; self.invMass = invMass; self.invInertia = invInertia
    self.deltaPosition = deltaPosition; self.deltaAngle = deltaAngle
  }

  @inline(__always) init(_ b: Body) {
    v = b.velocity; w = b.angularVelocity; invMass = b.invMass; invInertia = b.invInertia
    deltaPosition = b.deltaPosition; deltaAngle = b.deltaAngle
  }

  /// How far the material point at offset r moved since the collision pass (small-angle rotation).
  @inline(__always) func displacement(of r: Vec2) -> Vec2 {
    let a = deltaAngle
    return deltaPosition + Vec2(-a * r.y - 0.5 * a * a * r.x, a * r.x - 0.5 * a * a * r.y)
  }

  @inline(__always) func velocity(at r: Vec2) -> Vec2 { v + crossSV(w, r) }
}

extension BodyMotion {
  /// Reads only the hot fields through a pointer (no copy of the whole body).
  @inline(__always) static func load(_ b: UnsafeMutableBufferPointer<Body>, _ i: Int32) -> BodyMotion {
    guard i >= 0 else { return .world }
    let p = b.baseAddress.unsafelyUnwrapped + Int(i)
    return BodyMotion(v: p.pointee.velocity, w: p.pointee.angularVelocity, invMass: p.pointee.invMass,
                      invInertia: p.pointee.invInertia, deltaPosition: p.pointee.deltaPosition, deltaAngle: p.pointee.deltaAngle)
  }

  @inline(__always) static func store(_ b: UnsafeMutableBufferPointer<Body>, _ i: Int32, _ m: BodyMotion) {
    guard i >= 0 else { return }
    let p = b.baseAddress.unsafelyUnwrapped + Int(i)
    guard p.pointee.invMass > 0 else { return }
    p.pointee.velocity = m.v
    p.pointee.angularVelocity = m.w
  }
}
