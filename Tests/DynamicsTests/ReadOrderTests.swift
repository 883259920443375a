import Testing
import Geometry2D
import TestSupport
@testable import Dynamics

/// Reading the animator (a query that applies the pending behavior changes first) must not change what
/// it does next: a scene driven with reads between its changes moves bit for bit as the same scene
/// driven without them. Seeded: each seed makes a random card, attachment and script of anchor moves
/// and parameter changes, some before the attachment's first step, and runs it twice.
@Suite("Reads between changes change nothing")
struct ReadOrderTests {
  /// One change a frame's script makes before `advance(by:)`.
  enum Change {
    case moveAnchor(Point)
    case frequency(Double)
    case damping(Double)
    case read(Int)
    /// The attachment leaves and a new one holds the card at the same point and anchor (a new grab).
    case regrab
  }

  struct Script {
    var size: Size
    var offset: Offset
    var start: Point
    var gravity: Bool
    /// Per frame, the changes made before it is advanced (frame 0 right after the attachment is added).
    var frames: [[Change]]
  }

  static func script(seed: UInt64) -> Script {
    var rng = SplitMix(seed: seed)
    let size = Size(width: rng.uniform(20, 240), height: rng.uniform(20, 200))
    let offset = Offset(horizontal: rng.uniform(-0.5, 0.5) * size.width, vertical: rng.uniform(-0.5, 0.5) * size.height)
    let start = Point(x: rng.uniform(100, 900), y: rng.uniform(100, 700))
    var anchor = start
    var frames: [[Change]] = []
    for _ in 0..<40 {
      var changes: [Change] = []
      for _ in 0..<rng.int(4) {
        switch rng.int(10) {
        case 0..<5:
          anchor = Point(x: anchor.x + rng.uniform(-40, 40), y: anchor.y + rng.uniform(-40, 40))
          changes.append(.moveAnchor(anchor))
        case 5: changes.append(.frequency(rng.chance(0.5) ? 0 : rng.uniform(0.5, 5)))
        case 6: changes.append(.damping(rng.unit()))
        case 7: changes.append(.regrab)
        default: changes.append(.read(rng.int(4)))
        }
      }
      frames.append(changes)
    }
    return Script(size: size, offset: offset, start: start, gravity: rng.chance(0.5), frames: frames)
  }

  /// Runs the script (its reads too when `reads`); returns every frame's centre and angle.
  static func run(_ s: Script, reads: Bool) -> [(Point, Double)] {
    let card = DynamicBody(
      center: Point(x: s.start.x - s.offset.horizontal, y: s.start.y - s.offset.vertical), size: s.size)
    let animator = DynamicAnimator()
    var hold = AttachmentBehavior(item: card, offsetFromCenter: s.offset, attachedToAnchor: s.start)
    hold.length = 0
    animator.addBehavior(hold)
    // Keeps the card in the animator while no attachment holds it.
    animator.addBehavior(DynamicItemBehavior(items: [card]))
    if s.gravity { animator.addBehavior(GravityBehavior(items: [card])) }
    var trace: [(Point, Double)] = []
    for changes in s.frames {
      for change in changes {
        switch change {
        case .moveAnchor(let p): hold.anchorPoint = p
        case .frequency(let f): hold.frequency = f
        case .damping(let d): hold.damping = d
        case .regrab:
          let next = AttachmentBehavior(item: card, offsetFromCenter: s.offset, attachedToAnchor: hold.anchorPoint)
          next.length = 0
          next.frequency = hold.frequency
          next.damping = hold.damping
          animator.removeBehavior(hold)
          animator.addBehavior(next)
          hold = next
        case .read(let kind) where reads:
          switch kind {
          case 0: _ = animator.items(in: Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4))
          case 1: _ = animator.dynamicItems
          case 2: _ = animator.awakeBodyCount
          default: _ = animator.itemsRevision
          }
        case .read: break
        }
      }
      animator.advance(by: 1.0 / 60)
      trace.append((card.center, card.transform.rotationAngle))
    }
    return trace
  }

  @Test("a scene with reads moves as the same scene without them", arguments: 0..<200)
  func readsChangeNothing(seed: UInt64) {
    let s = Self.script(seed: seed)
    let plain = Self.run(s, reads: false), read = Self.run(s, reads: true)
    let first = plain.indices.first { plain[$0].0 != read[$0].0 || plain[$0].1.bitPattern != read[$0].1.bitPattern }
    #expect(
      first == nil,
      "seed \(seed): the runs part at frame \(first ?? -1): \(first.map { "\(plain[$0]) vs \(read[$0])" } ?? "")")
  }

  /// The attachment's first frame: an anchor moved before the first step, with or without a read
  /// between, starts the attachment there (the read used to turn the move into a drag over the frame).
  @Test("an anchor moved before the first step, read or not")
  func firstFrame() {
    var s = Self.script(seed: 7)
    let target = Point(x: s.start.x + 120, y: s.start.y)
    s.frames = [[.read(0), .moveAnchor(target)]] + Array(repeating: [], count: 5)
    let plain = Self.run(s, reads: false), read = Self.run(s, reads: true)
    for (a, b) in zip(plain, read) {
      #expect(a.0 == b.0 && a.1.bitPattern == b.1.bitPattern)
    }
  }
}
