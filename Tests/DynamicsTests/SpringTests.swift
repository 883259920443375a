import Testing
#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D
@testable import Dynamics

@Suite("Attachment springs against the damped oscillator")
struct SpringTests {
  /// Tolerance: 1 pt at every frame over 3 s (the bound).
  @Test(
    "zero-length anchor spring follows x(t)", arguments: [(1.0, 0.8), (1.0, 0.2), (1.0, 0.05), (5.0, 0.8), (5.0, 0.2)])
  func anchorSpring(hertz: Double, zeta: Double) {
    let item = box(100, 0, 100, 100)
    let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 0, y: 0))
    spring.length = 0
    spring.frequency = hertz
    spring.damping = zeta
    let animator = DynamicAnimator()
    animator.addBehavior(spring)
    animator.addBehavior(frictionless([item]))
    var worst = 0.0
    run(animator, seconds: 3) { t in
      worst = max(worst, abs(item.center.x - oscillator(x0: 100, hertz: hertz, zeta: zeta, t: t)), abs(item.center.y))
    }
    #expect(worst < 1, "max error \(worst) pt")
  }

  /// The same spring with an offset attachment goes through the iterative soft solver instead of the closed
  /// form; the item may not rotate, so it is still a 1-D oscillator, which the solver's exact spring terms
  /// step exactly (`ExactSpringTerms`; more in SoftSpringAccuracyTests): 1 pt.
  @Test("soft-solver spring follows x(t)", arguments: [(1.0, 0.8, 1.0), (1.0, 0.2, 1.0)])
  func solverSpring(hertz: Double, zeta: Double, tolerance: Double) {
    let item = box(100, 0, 100, 100)
    let spring = AttachmentBehavior(
      item: item, offsetFromCenter: Offset(horizontal: 0, vertical: 1), attachedToAnchor: Point(x: 0, y: 1))
    spring.length = 0
    spring.frequency = hertz
    spring.damping = zeta
    let animator = DynamicAnimator()
    let material = frictionless([item])
    material.allowsRotation = false
    animator.addBehavior(spring)
    animator.addBehavior(material)
    #expect(animator.engineProbe.anchorSpringCount == 0 && animator.items(in: .infinite).count == 1)
    var worst = 0.0
    run(animator, seconds: 3) { t in
      worst = max(worst, abs(item.center.x - oscillator(x0: 100, hertz: hertz, zeta: zeta, t: t)))
    }
    #expect(worst < tolerance, "max error \(worst) pt")
  }

  /// A distance spring (length 50) stretched to 150 along x, through the soft solver. Tolerance 1 pt.
  @Test("distance spring of non-zero length")
  func distanceSpring() {
    let item = box(150, 0, 100, 100)
    let spring = AttachmentBehavior(item: item, attachedToAnchor: .zero)
    spring.length = 50
    spring.frequency = 1
    spring.damping = 0.5
    let animator = DynamicAnimator()
    animator.addBehavior(spring)
    animator.addBehavior(frictionless([item]))
    var worst = 0.0
    run(animator, seconds: 3) { t in
      worst = max(worst, abs(item.center.x - 50 - oscillator(x0: 100, hertz: 1, zeta: 0.5, t: t)))
    }
    #expect(worst < 1, "max error \(worst) pt")
  }

  /// A rigid pendulum, small swing: period 2π√(L/g) within 1 %.
  @Test("pendulum period")
  func pendulum() {
    let L = 200.0, g = 1000.0
    let angle0 = 5.0 * Double.pi / 180
    let anchor = Point(x: 0, y: 0)
    let bob = ball(L * sin(angle0), L * cos(angle0), diameter: 20)
    let rod = AttachmentBehavior(item: bob, attachedToAnchor: anchor)
    #expect(abs(rod.length - L) < 1e-9 && rod.frequency == 0)
    let animator = DynamicAnimator()
    animator.addBehavior(rod)
    animator.addBehavior(GravityBehavior(items: [bob]))
    let material = frictionless([bob])
    material.allowsRotation = false
    animator.addBehavior(material)
    // Downward zero crossings of x, interpolated between frames.
    var crossings: [Double] = []
    var lastX = bob.center.x, lastT = 0.0
    run(animator, seconds: 10, frame: 1.0 / 240) { t in
      let x = bob.center.x
      if lastX > 0 && x <= 0 { crossings.append(lastT + (t - lastT) * lastX / (lastX - x)) }
      lastX = x
      lastT = t
    }
    let expected = 2 * Double.pi * (L / g).squareRoot()
    #expect(crossings.count >= 3)
    let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
    #expect(abs(period - expected) / expected < 0.01, "period \(period) s, expected \(expected) s")
  }

  /// Snap at the default damping 0.5: within 0.5 pt of the point and 0.01 rad of upright after 1.5 s.
  @Test("snap settles within 1.5 s")
  func snapSettles() {
    let item = box(0, 0, 60, 60)
    item.transform = AffineTransform(rotationAngle: 0.5)
    let snap = SnapBehavior(item: item, snapTo: Point(x: 300, y: 200))
    #expect(snap.damping == 0.5)
    let animator = DynamicAnimator()
    animator.addBehavior(snap)
    run(animator, seconds: 1.5)
    #expect(item.center.distance(to: Point(x: 300, y: 200)) < 0.5)
    #expect(abs(item.transform.rotationAngle) < 0.01)
    // Moving the point sets it going again.
    snap.snapPoint = Point(x: 0, y: 0)
    run(animator, seconds: 0.1)
    #expect(item.center.x < 290)
  }
}
