import Testing
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

@Suite("Sliding, limit, fixed and pin attachments")
struct AttachmentKindTests {
  /// A single item on a 45° slide under gravity: it moves along the axis (more than 100 pt in 1 s), stays
  /// within 1 pt of the line and does not rotate (under 0.01 rad); with a range of ±50 pt it stops there
  /// (within 1 pt).
  @Test func slidingAlongAxis() {
    let item = box(0, 0, 40, 40)
    let axis = Vector(dx: 1, dy: 1).normalized
    let slide = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: .zero, axisOfTranslation: axis)
    let animator = DynamicAnimator()
    animator.addBehavior(slide)
    animator.addBehavior(GravityBehavior(items: [item]))
    animator.addBehavior(frictionless([item]))
    animator.advance(by: 1)
    let d = item.center - Point.zero
    #expect(d.dot(axis) > 100)
    #expect(abs(d.cross(axis)) < 1, "off the axis by \(d.cross(axis))")
    #expect(abs(item.transform.rotationAngle) < 0.01)

    let limited = box(0, 0, 40, 40)
    let slide2 = AttachmentBehavior.slidingAttachment(with: limited, attachmentAnchor: .zero, axisOfTranslation: axis)
    slide2.attachmentRange = FloatRange(minimum: -50, maximum: 50)
    let a2 = DynamicAnimator()
    a2.addBehavior(slide2)
    a2.addBehavior(GravityBehavior(items: [limited]))
    a2.advance(by: 2)
    let t = (limited.center - Point.zero).dot(axis)
    #expect(abs(t - 50) < 1, "stopped at \(t)")
  }

  /// A rope: pushed apart, the attachment points stay at most `length` apart (within 1 pt); slack, the
  /// rope does nothing.
  @Test func limitIsARope() {
    let a = box(0, 0, 40, 40), b = box(100, 0, 40, 40)
    let rope = AttachmentBehavior.limitAttachment(
      with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
    #expect(abs(rope.length - 100) < 1e-9)
    let push = PushBehavior(items: [b], mode: .continuous)
    push.pushDirection = Vector(dx: 2, dy: 0)
    let animator = DynamicAnimator()
    animator.addBehavior(rope)
    animator.addBehavior(push)
    animator.addBehavior(frictionless([a, b]))
    var worst = 0.0
    run(animator, seconds: 2) { _ in worst = max(worst, a.center.distance(to: b.center)) }
    #expect(worst < 101, "stretched to \(worst)")
    #expect(a.center.x > 10, "the rope pulls the other item along")
  }

  /// Welded items keep their relative position (within 1 pt) and angle (0.01 rad) while one is pushed
  /// off-centre.
  @Test func fixedWelds() {
    let a = box(0, 0, 40, 40), b = box(40, 0, 40, 40)
    let weld = AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 20, y: 0))
    let push = PushBehavior(items: [b], mode: .continuous)
    push.pushDirection = Vector(dx: 0, dy: 1)
    push.setTargetOffsetFromCenter(Offset(horizontal: 20, vertical: 0), for: b)
    let animator = DynamicAnimator()
    animator.addBehavior(weld)
    animator.addBehavior(push)
    animator.addBehavior(frictionless([a, b]))
    animator.advance(by: 1)
    let angleA = a.transform.rotationAngle, angleB = b.transform.rotationAngle
    #expect(abs(angleA) > 0.05, "the pair turned")
    #expect(abs(angleA - angleB) < 0.01)
    let expected = a.center + Vector(dx: 40, dy: 0).rotated(by: angleA)
    #expect(b.center.distance(to: expected) < 1)
  }

  /// A pin keeps the anchor points together (within 1 pt) and lets the items turn relative to each other;
  /// an angle range limits the relative turn (within 0.02 rad).
  @Test func pinPivots() {
    let a = box(0, 0, 40, 40), b = box(40, 0, 40, 40)
    let pin = AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 20, y: 0))
    let anchored = DynamicItemBehavior(items: [a])
    anchored.isAnchored = true
    let animator = DynamicAnimator()
    animator.addBehavior(pin)
    animator.addBehavior(anchored)
    animator.addBehavior(GravityBehavior(items: [b]))
    animator.addBehavior(frictionless([b]))
    animator.advance(by: 0.5)
    let pivot = b.center + Vector(dx: -20, dy: 0).rotated(by: b.transform.rotationAngle)
    #expect(pivot.distance(to: Point(x: 20, y: 0)) < 1)
    #expect(b.transform.rotationAngle > 0.5, "b swung down about the pin")

    let c = box(0, 0, 40, 40), d = box(40, 0, 40, 40)
    let limited = AttachmentBehavior.pinAttachment(with: c, attachedTo: d, attachmentAnchor: Point(x: 20, y: 0))
    limited.attachmentRange = FloatRange(minimum: -0.3, maximum: 0.3)
    let anchored2 = DynamicItemBehavior(items: [c])
    anchored2.isAnchored = true
    let a2 = DynamicAnimator()
    a2.addBehavior(limited)
    a2.addBehavior(anchored2)
    a2.addBehavior(GravityBehavior(items: [d]))
    a2.advance(by: 1)
    #expect(abs(d.transform.rotationAngle - 0.3) < 0.02, "stopped at \(d.transform.rotationAngle)")
  }
}
