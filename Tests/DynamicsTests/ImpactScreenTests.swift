import Testing
#if canImport(Glibc)
  import Glibc
#endif
import TestSupport
@testable import Dynamics

/// The impact pass's screen (`ImpactScreen`): a row it excludes has no point approaching faster than
/// the threshold as the exact test computes it, rounding included, at any speed, spin and lever; and it
/// lets NaN through to the exact test.
@Suite("Impact pass screen")
struct ImpactScreenTests {
  @Test("an excluded row never approaches at the threshold", arguments: 0..<40)
  func excludedRowsDoNotApproach(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let threshold = PhysicsWorld.restitutionThreshold
    var excluded = 0, near = 0
    for _ in 0..<2_000 {
      // Speeds, spins and levers over many scales, most near where the bound meets the threshold.
      func magnitude() -> Double { random.uniform(-1, 1) * random.pick([1, 10, 50, 100, 1e3, 1e5, 1e9]) }
      let angle = random.uniform(0, 2 * .pi)
      let n = Vec2(cos(angle), sin(angle))
      func state() -> BodyState {
        BodyState(
          v: Vec2(magnitude(), magnitude()), w: magnitude(), deltaPosition: .zero, deltaAngle: 0, invMass: 1,
          invInertia: 1)
      }
      let boundary = random.chance(0.2)
      let states = [state(), boundary ? BodyState.fixed : state(), BodyState.fixed]
      var row = ContactConstraint(
        bodyA: 0, bodyB: boundary ? -1 : 1, stateA: 0, stateB: boundary ? 2 : 1, pointCount: random.chance(0.7) ? 2 : 1,
        normal: n, impactSpeed: threshold, friction: 0, softness: .rigid)
      row.point0.rnA = magnitude()
      row.point0.rnB = magnitude()
      row.point1.rnA = magnitude()
      row.point1.rnB = magnitude()
      let screen = ImpactScreen(row, world: 2)
      let A = states[Int(row.stateA)], B = states[Int(row.stateB)]
      func vn(_ p: SolverPoint) -> Double { n.dot(B.v - A.v) + B.w * p.rnB - A.w * p.rnA }
      let fastest = row.pointCount > 1 ? min(vn(row.point0), vn(row.point1)) : vn(row.point0)
      if fastest > -2 * threshold && fastest < 0 { near += 1 }
      guard states.withUnsafeBufferPointer({ screen.excludes($0.baseAddress!, threshold: threshold) }) else { continue }
      excluded += 1
      #expect(!(fastest < -threshold), "seed \(seed): excluded a row approaching at \(fastest)")
    }
    #expect(excluded > 0 && near > 0, "seed \(seed): \(excluded) excluded, \(near) near the threshold")
  }

  @Test func aRowThatDoesNotBounceIsExcluded() {
    var row = ContactConstraint.empty(world: 2)
    row.normal = Vec2(0, 1)
    row.stateA = 0
    row.stateB = 1
    row.point0.rnA = 10
    let moving = BodyState(v: Vec2(0, 1e4), w: 50, deltaPosition: .zero, deltaAngle: 0, invMass: 1, invInertia: 1)
    let states = [moving, .fixed, .fixed]
    let screen = ImpactScreen(row, world: 2)
    #expect(states.withUnsafeBufferPointer { screen.excludes($0.baseAddress!, threshold: 100) })
  }

  @Test func aNaNSpeedIsNotExcluded() {
    var row = ContactConstraint.empty(world: 2)
    (row.normal, row.stateA, row.stateB, row.impactSpeed) = (Vec2(0, 1), 0, 1, 100)
    let lost = BodyState(v: Vec2(0, .nan), w: 0, deltaPosition: .zero, deltaAngle: 0, invMass: 1, invInertia: 1)
    let states = [lost, .fixed, .fixed]
    let screen = ImpactScreen(row, world: 2)
    #expect(!states.withUnsafeBufferPointer { screen.excludes($0.baseAddress!, threshold: 100) })
  }
}
