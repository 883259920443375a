import Geometry2D
import TestSupport
import Testing
@testable import Dynamics

/// The engine's motion, bit for bit: seeded scenes run through the public API, every item's centre,
/// angle and velocities folded into one digest per scene and compared with the digests recorded when
/// the test was written. A restructuring that must not change the motion (moving state between stores,
/// splitting a pass) keeps every digest; a change meant to alter the motion updates the table on
/// purpose, and the failure message prints the new one to paste. Engine-level regression only: the
/// properties themselves (finite state, energy, walls) are `RandomSceneTests`' business.
@Suite struct GoldenDigestTests {
  /// Random scenes of every behavior kind, changed mid-run, under uneven frame lengths.
  @Test func randomScenes() {
    var got: [UInt64] = []
    for seed in UInt64(1)...24 {
      let scene = RandomScene(seed: seed, conservative: seed % 3 == 0)
      var random = SceneRandom(state: seed ^ 0x51A7_E0D1_6E57_0001)
      var digest = MotionDigest()
      for _ in 0..<40 {
        if !scene.conservative && random.chance(0.2) {
          switch random.int(4) {
          case 0: scene.addBehavior()
          case 1: scene.removeBehavior()
          case 2: scene.addItem()
          default: scene.removeItem()
          }
        }
        scene.animator.advance(
          by: random.pick([DynamicAnimator.stepDuration, 1.0 / 60, 1.0 / 30, random.uniform(0, 0.05)]))
        digest.fold(scene.items, material: scene.material)
      }
      got.append(digest.value)
    }
    Self.expect(got, equal: Self.randomSceneDigests, "random scenes 1–24")
  }

  /// A pile of 300 boxes falling into a box and settling (contacts, friction, restitution, sleep).
  @Test func fallingPile() {
    let pile = Pile(count: 300)
    var digest = MotionDigest()
    for frame in 0..<420 {
      pile.animator.advance(by: 1.0 / 60)
      if frame % 10 == 9 { digest.fold(pile.boxes, material: pile.material) }
    }
    Self.expect([digest.value], equal: [Self.pileDigest], "falling pile")
  }

  /// 500 items on length-0 anchor springs moved by hand every frame (the springy list's load), and
  /// 100 on springs of length 40 with collisions (the iterative solver's springs).
  @Test func springs() {
    let free = SpringField(count: 500, length: 0, colliding: false)
    let touching = SpringField(count: 100, length: 40, colliding: true)
    var digest = MotionDigest()
    for frame in 0..<240 {
      free.nudge(frame: frame)
      touching.nudge(frame: frame)
      free.animator.advance(by: 1.0 / 60)
      touching.animator.advance(by: 1.0 / 60)
      if frame % 8 == 7 {
        digest.fold(free.items, material: free.material)
        digest.fold(touching.items, material: touching.material)
      }
    }
    Self.expect([digest.value], equal: [Self.springDigest], "springs")
  }

  static func expect(
    _ got: [UInt64], equal want: [UInt64], _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let hex = got.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ")
    #expect(got == want, "\(what): the motion changed; the digests now are [\(hex)]", sourceLocation: sourceLocation)
  }

  // Recorded with the engine as it was when this test was written.
  static let randomSceneDigests: [UInt64] = [
    0x42FC831BA3AF19CF, 0xC2F6C40C7AC9F383, 0x8487253E9E076831, 0x3E23A9426582949C,
    0x6ECA1D233C7A703D, 0x3B79203112D5351D, 0xE209BDBF19A67509, 0x273BA7E94FEAD830,
    0xDF0D9C66B24D8EDF, 0x3F41FB095401E10, 0x9B531DDA6DFCDB7E, 0xEFF989CE345781C0,
    0x7E57F26DF361AC26, 0x5EDBF7290AC9FDF8, 0xF31AA78737F0A943, 0x57F3DF198A1AE4FE,
    0xA7938675174ED1A8, 0xB996F25B155BFA38, 0xE819C8E4B8C3E98D, 0x905CBE03714DD46B,
    0x5F6A934FF56F610C, 0xF121DB5EF9E220CB, 0x798CA9766E9859D4, 0x2FBAF8BBECB91AAE
  ]
  static let pileDigest: UInt64 = 0x5115ED1FA0898019
  static let springDigest: UInt64 = 0xDF96BE1D5E2CC8D2
}

/// FNV-1a over the bit patterns of every item's centre, angle and velocities.
struct MotionDigest {
  private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  mutating func fold(_ bits: UInt64) {
    for k in 0..<8 {
      value ^= (bits >> (8 * UInt64(k))) & 0xFF
      value &*= 0x0000_0100_0000_01B3
    }
  }

  mutating func fold(_ items: [DynamicBody], material: DynamicItemBehavior) {
    for item in items {
      fold(item.center.x.bitPattern)
      fold(item.center.y.bitPattern)
      fold(item.angle.bitPattern)
      // Only items the material behavior names have velocities to read through it.
      guard material.items.contains(where: { $0 === item }) else { continue }
      let v = material.linearVelocity(for: item)
      fold(v.dx.bitPattern)
      fold(v.dy.bitPattern)
      fold(material.angularVelocity(for: item).bitPattern)
    }
  }
}

/// Boxes of a few sizes dropped in rows into a closed box, under gravity.
final class Pile {
  let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 900, height: 1200))
  let material: DynamicItemBehavior
  var boxes: [DynamicBody] = []

  init(count: Int) {
    var random = SplitMix(seed: 0x9117E)
    for i in 0..<count {
      let side = random.uniform(20, 50)
      let body = DynamicBody(
        center: Point(x: 40 + Double(i % 15) * 55 + random.uniform(-4, 4), y: 40 + Double(i / 15) * 55),
        size: Size(width: side, height: random.chance(0.3) ? side * 0.5 : side))
      body.transform = AffineTransform(rotationAngle: random.uniform(-0.3, 0.3))
      boxes.append(body)
    }
    let collision = CollisionBehavior(items: boxes)
    collision.translatesReferenceBoundsIntoBoundary = true
    material = DynamicItemBehavior(items: boxes)
    material.elasticity = 0.3
    material.friction = 0.6
    animator.addBehavior(GravityBehavior(items: boxes))
    animator.addBehavior(collision)
    animator.addBehavior(material)
  }
}

/// Items each hanging from an anchor at its start on a spring (1 Hz, damping 0.8), nudged every frame.
final class SpringField {
  let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 30_000))
  let material: DynamicItemBehavior
  var items: [DynamicBody] = []

  init(count: Int, length: Double, colliding: Bool) {
    for i in 0..<count {
      let item = DynamicBody(center: Point(x: 160, y: 26 + 52 * Double(i)), size: Size(width: 300, height: 44))
      let spring = AttachmentBehavior(item: item, attachedToAnchor: Point(x: 160, y: 26 + 52 * Double(i) - length))
      spring.length = length
      spring.frequency = 1
      spring.damping = 0.8
      animator.addBehavior(spring)
      items.append(item)
    }
    material = DynamicItemBehavior(items: items)
    animator.addBehavior(material)
    if colliding { animator.addBehavior(CollisionBehavior(items: items)) }
  }

  func nudge(frame: Int) {
    let sign = (frame / 60) % 2 == 0 ? 1.0 : -1.0
    for (i, item) in items.enumerated() where (i + frame) % 3 == 0 {
      item.center.y += sign * 3 * (0.5 + Double(i % 10) / 10)
      animator.updateItem(usingCurrentState: item)
    }
  }
}
