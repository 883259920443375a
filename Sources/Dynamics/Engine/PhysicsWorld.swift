#if canImport(Glibc)
import Glibc
#endif

/// The engine: flat arrays of body state, shapes, contacts and joint rows, advanced by `step()` in fixed
/// steps of `h` seconds. The animator owns one and rebuilds its arrays when behaviors change; between
/// rebuilds a step allocates nothing (every array keeps its capacity).
///
/// A step, in order (Box2D v3's soft step, with one collision pass per fixed step):
/// 1. `collide`: refresh shape bounds, sort-and-sweep broad phase, narrow phase, match last step's
///    contacts (warm starting, began/ended events).
/// 2. `integrateVelocities`: resistance, then gravity, forces and torques.
/// 3. `resolveImpacts`: contacts that close faster than the restitution threshold this step get an
///    impact impulse with restitution, pair by pair, repeated until no contact still approaches; this
///    passes an impact along a touching chain (Newton's cradle) instead of smearing it over the chain.
/// 4. `prepareContacts`, `warmStart`, `solve` (soft, biased), `integratePositions`, `relax` (no bias).
/// 5. `stepAnchorSprings`: the exact closed-form update for isolated anchor springs.
/// 6. `finishStep`: clear forces, sleep bookkeeping.
struct PhysicsWorld {
  /// Overlap the contact solver tolerates, in points (Box2D's 0.5 cm at 100 pt per metre).
  static let linearSlop = 0.5
  /// Contacts are created this far apart, in points, plus the distance the bodies can close in a step.
  static let speculativeDistance = 2.0
  /// Approach speed, in points/s, above which a contact bounces (Box2D's 1 m/s).
  static let restitutionThreshold = 100.0
  /// Cap on the speed, in points/s, at which overlap is pushed out.
  static let maxPushSpeed = 300.0
  /// Softness of contacts (Hz, damping ratio) and of rigid joints' position correction.
  static let contactHertz = 30.0, contactZeta = 10.0
  static let jointHertz = 60.0, jointZeta = 2.0
  /// Rest thresholds (DESIGN §2): under 1 pt/s and 2°/s for 0.5 s.
  static let sleepLinearSpeed = 1.0
  static let sleepAngularSpeed = 2.0 * Double.pi / 180
  static let timeToSleep = 0.5
  /// Impact passes per step at most (a chain of n touching bodies needs up to n − 1).
  static let maxImpactPasses = 32

  /// The fixed step in seconds.
  let h: Double
  /// Steps taken; `Double(stepCount) * h` is the simulated time.
  var stepCount = 0

  var bodies: [Body] = []
  var shapes: [Shape] = []
  var localVertices: [Vec2] = []
  var localNormals: [Vec2] = []
  var worldVertices: [Vec2] = []
  var worldNormals: [Vec2] = []
  var boundaries: [BoundarySegment] = []
  var joints: [JointRow] = []
  var springs: [AnchorSpring] = []
  /// Dynamic bodies the iterative solver moves (everything but anchored and closed-form-spring bodies).
  var solverBodies: [Int32] = []
  /// Shapes that collide with anything, kept sorted by their bounds' minX (the sweep order).
  var collidingShapes: [Int32] = []
  var contacts: [Contact] = []
  var previousContacts: [Contact] = []
  /// Contact key → index in `contacts`. Only looked up, never iterated, so hashing order cannot leak.
  var contactLookup: [UInt64: Int32] = [:]
  var events: [ContactEvent] = []
  /// Scratch for the impact pass, kept between steps so it does not allocate.
  var contactListHead: [Int32] = []
  var contactListNext: [Int32] = []
  var impactPoints: [ImpactPoint] = []

  let contactSoftness: Softness
  let staticSoftness: Softness
  let jointSoftness: Softness

  init(step h: Double) {
    self.h = h
    contactSoftness = Softness(hertz: PhysicsWorld.contactHertz, zeta: PhysicsWorld.contactZeta, h: h)
    staticSoftness = Softness(hertz: 2 * PhysicsWorld.contactHertz, zeta: PhysicsWorld.contactZeta, h: h)
    jointSoftness = Softness(hertz: PhysicsWorld.jointHertz, zeta: PhysicsWorld.jointZeta, h: h)
  }

  var time: Double { Double(stepCount) * h }

  /// The smallest sleep time over dynamic bodies (infinity with none): the animator pauses once it
  /// reaches `timeToSleep`.
  var minimumSleepTime = Double.infinity

  // MARK: The step

  mutating func step() {
    collide()
    integrateVelocities()
    resolveImpacts()
    prepareContacts()
    warmStart()
    solve(useBias: true)
    integratePositions()
    solve(useBias: false)
    stepAnchorSprings()
    finishStep()
  }

  mutating func integrateVelocities() {
    let h = self.h
    bodies.withUnsafeMutableBufferPointer { b in
      for i in solverBodies {
        let i = Int(i)
        let invM = b[i].invMass
        b[i].velocity = b[i].velocity * b[i].linearDamping + (b[i].acceleration + b[i].force * invM) * h
        b[i].angularVelocity = b[i].angularVelocity * b[i].angularDamping + h * b[i].torque * b[i].invInertia
        b[i].deltaPosition = .zero
        b[i].deltaAngle = 0
      }
    }
  }

  mutating func integratePositions() {
    let h = self.h
    bodies.withUnsafeMutableBufferPointer { b in
      for i in solverBodies {
        let i = Int(i)
        let dp = b[i].velocity * h
        b[i].position += dp
        b[i].deltaPosition += dp
        let w = b[i].angularVelocity
        if w != 0 {
          b[i].angle += h * w
          b[i].deltaAngle += h * w
          b[i].updateRotation()
        }
      }
    }
  }

  /// The exact closed-form update of every isolated anchor spring (see `AnchorSpring`).
  mutating func stepAnchorSprings() {
    let h = self.h
    springs.withUnsafeBufferPointer { sp in
      bodies.withUnsafeMutableBufferPointer { b in
        for s in sp {
          let i = Int(s.body)
          let a = b[i].acceleration + b[i].force * b[i].invMass
          let eqX = s.anchor.x + a.x * s.inverseOmegaSquared
          let eqY = s.anchor.y + a.y * s.inverseOmegaSquared
          let dx = b[i].position.x - eqX, dy = b[i].position.y - eqY
          let vx = b[i].velocity.x, vy = b[i].velocity.y
          b[i].position = Vec2(eqX + s.m11 * dx + s.m12 * vx, eqY + s.m11 * dy + s.m12 * vy)
          b[i].velocity = Vec2(s.m21 * dx + s.m22 * vx, s.m21 * dy + s.m22 * vy)
          let w = b[i].angularVelocity * b[i].angularDamping + h * b[i].torque * b[i].invInertia
          b[i].angularVelocity = w
          if w != 0 {
            b[i].angle += h * w
            b[i].updateRotation()
          }
        }
      }
    }
  }

  /// Clears the step's forces and advances every body's rest timer.
  mutating func finishStep() {
    let h = self.h
    let v2 = PhysicsWorld.sleepLinearSpeed * PhysicsWorld.sleepLinearSpeed
    let w0 = PhysicsWorld.sleepAngularSpeed
    var minSleep = Double.infinity
    bodies.withUnsafeMutableBufferPointer { b in
      for i in 0..<b.count {
        b[i].force = .zero
        b[i].torque = 0
        b[i].acceleration = .zero
        guard b[i].invMass > 0 else { continue }
        if b[i].velocity.lengthSquared < v2 && abs(b[i].angularVelocity) < w0 {
          b[i].sleepTime += h
        } else {
          b[i].sleepTime = 0
        }
        minSleep = Swift.min(minSleep, b[i].sleepTime)
      }
    }
    minimumSleepTime = minSleep
    stepCount += 1
  }

  /// Restarts every body's rest timer (the animator resumes).
  mutating func resetSleep() {
    for i in bodies.indices { bodies[i].sleepTime = 0 }
    minimumSleepTime = 0
  }
}
