import Testing
#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D
@testable import Dynamics

/// A card dragged by a rigid attachment (frequency 0, length 0) through the public API, as a pointer
/// drags it: each 1/60 s frame the anchor moves by the pointer's motion, then `advance(by:)`. The held
/// point (centre + offset, turned by the card's angle) must stay within 1 pt of the anchor at every frame.
@Suite("Rigid attachments follow a dragged anchor")
struct RigidDragTests {
  static let speed = 1600.0
  static let frame = 1.0 / 60

  /// A 200×120 card held at `offset` from its centre, at `start`.
  static func drag(offset: Offset, start: Point, gravity: Bool) -> (DynamicAnimator, DynamicBody, AttachmentBehavior) {
    let card = DynamicBody(
      center: Point(x: start.x - offset.horizontal, y: start.y - offset.vertical),
      size: Size(width: 200, height: 120))
    let animator = DynamicAnimator()
    let hold = AttachmentBehavior(item: card, offsetFromCenter: offset, attachedToAnchor: start)
    hold.length = 0
    hold.frequency = 0
    animator.addBehavior(hold)
    // Keeps the card in the animator when the attachment goes (a release).
    animator.addBehavior(DynamicItemBehavior(items: [card]))
    if gravity { animator.addBehavior(GravityBehavior(items: [card])) }
    // The touch-down frame: the attachment is made where the pointer went down; the drag starts next frame.
    animator.advance(by: frame)
    return (animator, card, hold)
  }

  static func heldPoint(_ card: DynamicBody, _ offset: Offset) -> Point {
    let a = card.transform.rotationAngle
    let o = Vec2(offset.horizontal, offset.vertical).rotated(cos: cos(a), sin: sin(a))
    return Point(x: card.center.x + o.x, y: card.center.y + o.y)
  }

  /// Moves the anchor along `path(t)` frame by frame for `frames` frames; returns the largest distance
  /// between the held point and the anchor after a frame.
  static func follow(
    _ animator: DynamicAnimator, _ card: DynamicBody, _ hold: AttachmentBehavior, offset: Offset,
    frames: Int, from first: Int = 1, path: (Double) -> Point
  ) -> Double {
    var worst = 0.0
    for k in first..<(first + frames) {
      hold.anchorPoint = path(Double(k) * frame)
      animator.advance(by: frame)
      worst = max(worst, heldPoint(card, offset).distance(to: hold.anchorPoint))
    }
    return worst
  }

  static let offsets = [Offset(horizontal: 0, vertical: 0), Offset(horizontal: 60, vertical: -30)]

  @Test("straight drag at 1,600 pt/s", arguments: offsets, [false, true])
  func straight(offset: Offset, gravity: Bool) {
    let start = Point(x: 100, y: 300)
    let (animator, card, hold) = Self.drag(offset: offset, start: start, gravity: gravity)
    let lag = Self.follow(animator, card, hold, offset: offset, frames: 90) { t in
      Point(x: start.x + Self.speed * t, y: start.y)
    }
    #expect(lag < 1, "held point trails by \(lag) pt")
  }

  @Test("circle of radius 200 at 1,600 pt/s", arguments: offsets, [false, true])
  func circle(offset: Offset, gravity: Bool) {
    let c = Point(x: 500, y: 500), r = 200.0
    let (animator, card, hold) = Self.drag(offset: offset, start: Point(x: c.x + r, y: c.y), gravity: gravity)
    let lag = Self.follow(animator, card, hold, offset: offset, frames: 120) { t in
      let a = Self.speed / r * t
      return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
    }
    #expect(lag < 1, "held point trails by \(lag) pt")
  }

  @Test("sudden reversal", arguments: offsets, [false, true])
  func reversal(offset: Offset, gravity: Bool) {
    let start = Point(x: 100, y: 300)
    let (animator, card, hold) = Self.drag(offset: offset, start: start, gravity: gravity)
    var lag = Self.follow(animator, card, hold, offset: offset, frames: 30) { t in
      Point(x: start.x + Self.speed * t, y: start.y)
    }
    let turn = 30 * Self.frame
    lag = max(
      lag,
      Self.follow(animator, card, hold, offset: offset, frames: 30, from: 31) { t in
        Point(x: start.x + Self.speed * (2 * turn - t), y: start.y)
      })
    #expect(lag < 1, "held point trails by \(lag) pt")
  }

  /// Released mid-drag (the attachment removed), the card keeps the drag's velocity: the next frame it
  /// moves 1600/60 pt within 3% (its default resistance, 0.1/s, takes 0.2% of it).
  @Test("release throws the card at the drag velocity")
  func release() {
    let offset = Offset(horizontal: 0, vertical: 0)
    let start = Point(x: 100, y: 300)
    let (animator, card, hold) = Self.drag(offset: offset, start: start, gravity: false)
    _ = Self.follow(animator, card, hold, offset: offset, frames: 30) { t in
      Point(x: start.x + Self.speed * t, y: start.y)
    }
    animator.removeBehavior(hold)
    let x0 = card.center.x
    animator.advance(by: Self.frame)
    let moved = card.center.x - x0
    #expect(
      abs(moved - Self.speed * Self.frame) < 0.03 * Self.speed * Self.frame,
      "moved \(moved) pt in the frame after release")
  }

  /// A pointer that stops: the card stops with it, on the pointer.
  @Test("the card stops where the pointer stops")
  func stop() {
    let offset = Offset(horizontal: 60, vertical: -30)
    let start = Point(x: 100, y: 300)
    let (animator, card, hold) = Self.drag(offset: offset, start: start, gravity: false)
    _ = Self.follow(animator, card, hold, offset: offset, frames: 30) { t in
      Point(x: start.x + Self.speed * t, y: start.y)
    }
    let end = hold.anchorPoint
    run(animator, seconds: 1)
    #expect(Self.heldPoint(card, offset).distance(to: end) < 1)
  }
}
