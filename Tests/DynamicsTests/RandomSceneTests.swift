import Foundation
import Testing
import TestSupport
import Geometry2D
@testable import Dynamics
#if canImport(Glibc)
  import Glibc
#endif

/// Off the happy path (`docs/robustness.md`): 1 000 seeded random scenes (600 with every behavior kind at the edges
/// of its ranges, 400 with only conservative or dissipative behaviors), run with variable frame
/// slicing, stalls of 5 s, and behaviors and items added and removed mid-run. Every frame: the state
/// is finite, no item is outside the closed box nor sunk into its walls deeper than the wall hold
/// allows, and a conservative scene has no more energy than it
/// started with (plus the tolerance below). A failure names the seed, the scene and the frame.
@Suite("Random scenes")
struct RandomSceneTests {
  static let scenesPerChunk = 100

  @Test(arguments: 0..<6)
  func everyBehaviorKind(chunk: Int) {
    for k in 0..<Self.scenesPerChunk {
      run(RandomScene(seed: UInt64(chunk * Self.scenesPerChunk + k), conservative: false))
    }
  }

  @Test(arguments: 0..<4)
  func noEnergyGained(chunk: Int) {
    for k in 0..<Self.scenesPerChunk {
      run(RandomScene(seed: UInt64(chunk * Self.scenesPerChunk + k), conservative: true))
    }
  }

  /// Scenes beyond the suite's thousand that once failed (found by running 4·10⁴ more): an item pressed
  /// through a wall by a push it could not resist, a thin item sliding into a corner it had no contact
  /// with, a velocity damped to a subnormal number turned to NaN by the force cap, a pin's accumulated
  /// impulse growing without bound while walls held its bodies apart.
  @Test(
    arguments: [10_247, 11_578, 13_502, 13_727, 13_869, 14_145, 14_551, 16_182, 121_216, 122_816, 131_959] as [UInt64])
  func scenesThatOnceFailed(seed: UInt64) {
    run(RandomScene(seed: seed, conservative: false))
  }

  /// The long run, when `HOOKE_SCENES` asks for it: that many more scenes from seed 200 000 on (a third
  /// conservative), over 8 test cases. 40 000 ran clean on the day the wall hold landed.
  static let longRunScenes = ProcessInfo.processInfo.environment["HOOKE_SCENES"].flatMap { Int($0) }

  @Test(.enabled(if: longRunScenes != nil, "set HOOKE_SCENES=N for a long run"), arguments: 0..<8)
  func longRun(chunk: Int) {
    let perChunk = (Self.longRunScenes ?? 0) / 8
    for k in 0..<perChunk {
      run(RandomScene(seed: UInt64(200_000 + chunk * perChunk + k), conservative: k % 3 == 0))
    }
  }

  /// Frame slices of one step, a 60 Hz or 30 Hz frame, a 0.1 s hitch or anything up to 50 ms; one scene
  /// in sixteen (about 60 in all) stalls for 5 s once. Scenes with every kind also change mid-run.
  func run(_ scene: RandomScene) {
    var random = SceneRandom(state: scene.seed ^ 0xD1B5_4A32_D192_ED03)
    let frames = 12 + random.int(20)
    let stallFrame = random.chance(0.06) ? random.int(frames) : -1
    scene.animator.advance(by: DynamicAnimator.stepDuration)
    let startEnergy = energy(scene)
    for frame in 0..<frames {
      if !scene.conservative { changeMidRun(scene, &random) }
      let dt =
        frame == stallFrame
        ? 5 : random.pick([DynamicAnimator.stepDuration, 1.0 / 60, 1.0 / 30, 0.1, random.uniform(0, 0.05)])
      scene.animator.advance(by: dt)
      let at = "\(scene.description)\nframe \(frame) (advance(by: \(dt)))"
      if let escape = escape(scene) {
        Issue.record("\(at): \(escape)")
        return
      }
      if let problem = nonFinite(scene) {
        Issue.record("\(at): \(problem)")
        return
      }
      if scene.conservative, let rise = energyRise(scene, startEnergy: startEnergy) {
        Issue.record("\(at): \(rise)")
        return
      }
    }
  }

  func changeMidRun(_ scene: RandomScene, _ random: inout SceneRandom) {
    guard random.chance(0.2) else { return }
    switch random.int(4) {
    case 0: scene.addBehavior()
    case 1: scene.removeBehavior()
    case 2: scene.addItem()
    default: scene.removeItem()
    }
  }

  /// The first item whose shape's centroid is outside the box, or nil. Soft contacts let an item sink a
  /// little into a wall; the middle of its shape never gets past one. (A path's polygon need not
  /// contain the item's centre: a triangle on one side of it may rest against a wall with the centre
  /// beyond.)
  func escape(_ scene: RandomScene) -> String? {
    let box = RandomScene.box.insetBy(dx: -1, dy: -1)
    for (k, item) in scene.items.enumerated() {
      let middle = shapeCentroid(item)
      if !box.contains(middle) {
        return
          "item \(k) left the box: shape centroid \(middle), centre \(item.center), v \(scene.animator.linearVelocity(of: item))"
      }
      let sunk =
        outline(of: item).map {
          max(
            $0.x - RandomScene.box.maxX, RandomScene.box.minX - $0.x, $0.y - RandomScene.box.maxY,
            RandomScene.box.minY - $0.y)
        }.max() ?? 0
      if sunk > Self.maximumSinking {
        return "item \(k) sank \(sunk) pt into a wall (at most \(Self.maximumSinking)): centre \(item.center)"
      }
    }
    return nil
  }

  /// The deepest any item may reach into a wall: the wall hold's depth (and a hair for rounding).
  static let maximumSinking = PhysicsWorld.maximumWallDepth + 1e-6

  /// The area centroid of the item's collision polygon, placed and turned as the item is; the centre
  /// for rectangles and ellipses.
  func shapeCentroid(_ item: DynamicBody) -> Point {
    guard item.collisionBoundsType == .path, let polygon = item.collisionBoundingPath?.polygon, polygon.count >= 3
    else {
      return item.center
    }
    var area = 0.0, cx = 0.0, cy = 0.0
    for k in polygon.indices {
      let p = polygon[k], q = polygon[(k + 1) % polygon.count]
      let cross = p.x * q.y - q.x * p.y
      area += cross
      cx += (p.x + q.x) * cross
      cy += (p.y + q.y) * cross
    }
    guard abs(area) > 0 else { return item.center }
    let local = Point(x: cx / (3 * area), y: cy / (3 * area))
    let c = cos(item.angle), s = sin(item.angle)
    return Point(x: item.center.x + c * local.x - s * local.y, y: item.center.y + s * local.x + c * local.y)
  }

  /// The first item whose state is not finite, or nil.
  func nonFinite(_ scene: RandomScene) -> String? {
    for (k, item) in scene.items.enumerated() {
      let v = scene.animator.linearVelocity(of: item), w = scene.material.angularVelocity(for: item)
      guard item.center.isFinite, item.angle.isFinite, v.isFinite, w.isFinite else {
        return "item \(k) is not finite: centre \(item.center), angle \(item.angle), v \(v), ω \(w)"
      }
    }
    return nil
  }

  /// Energy above the start plus the tolerance, or nil.
  func energyRise(_ scene: RandomScene, startEnergy: Double) -> String? {
    let e = energy(scene)
    let tolerance = 0.02 * startEnergy + energySlop(scene)
    if e > startEnergy + tolerance {
      return "energy rose from \(startEnergy) to \(e) (tolerance \(tolerance))"
    }
    return nil
  }

  /// Kinetic energy plus the potential of the uniform accelerations, measured from the box corner
  /// furthest along each (so it is ≥ 0).
  func energy(_ scene: RandomScene) -> Double {
    var total = 0.0
    for item in scene.items {
      guard let i = scene.animator.body(of: item) else { continue }
      let b = scene.animator.engineProbe.body(i)
      guard b.isDynamic else { continue }
      let v = scene.animator.linearVelocity(of: item)
      total += 0.5 * b.mass * (v.dx * v.dx + v.dy * v.dy)
      if b.turns { total += 0.5 * b.inertia * b.spin * b.spin }
      if let a = scene.accelerations[ObjectIdentifier(item)] {
        let corner = Point(
          x: a.dx > 0 ? RandomScene.box.maxX : RandomScene.box.minX,
          y: a.dy > 0 ? RandomScene.box.maxY : RandomScene.box.minY)
        total += b.mass * (a.dx * (corner.x - item.center.x) + a.dy * (corner.y - item.center.y))
      }
    }
    return total
  }

  /// What soft contacts may give back when they push a resting item out of a wall or another item: its
  /// weight over 2 pt, and 1 pt²/s² per unit mass.
  func energySlop(_ scene: RandomScene) -> Double {
    var slop = 0.0
    for item in scene.items {
      guard let i = scene.animator.body(of: item) else { continue }
      let m = scene.animator.engineProbe.body(i).mass
      let a = scene.accelerations[ObjectIdentifier(item)] ?? .zero
      slop += m * (2 * (a.dx * a.dx + a.dy * a.dy).squareRoot() + 1)
    }
    return slop
  }
}
