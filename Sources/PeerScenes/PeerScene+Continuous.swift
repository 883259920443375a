/// Box2D's continuous samples (samples/sample_continuous.cpp) and fast-body scenes of our own: a ball
/// at 100 m/s onto floors of pieces, a thin plank spun into the ground, a fast ball and
/// Box2D's bounce house in a closed room.
extension PeerScene {
  static let continuous: [PeerScene] = [
    floor("floor-one-segment") { w in w.segment(-20.5, 0, 20.5, 0) },
    floor("floor-segments-41") { w in
      for i in -20...20 { w.segment(Double(i) - 0.5, 0, Double(i) + 0.5, 0) }
    },
    floor("floor-boxes-41") { w in
      for i in -20...20 { w.box(x: Double(i), y: -0.5, hx: 0.5, hy: 0.5, material: PeerMaterial().asGround) }
    },
    // Off the seam, the next pieces' corners are nearer on one side than the other: nothing cancels.
    floor("floor-segments-41-tile", landingAt: 0.1) { w in
      for i in -20...20 { w.segment(Double(i) - 0.5, 0, Double(i) + 0.5, 0) }
    },
    floor("floor-boxes-41-tile", landingAt: 0.1) { w in
      for i in -20...20 { w.box(x: Double(i), y: -0.5, hx: 0.5, hy: 0.5, material: PeerMaterial().asGround) }
    },
    PeerScene(
      name: "plank-spin", summary: "a 4 m × 10 cm plank at 100 m/s, spun at five rates, into the ground by a post",
      seconds: 2, judgedBy: [.escaped], isFast: true, build: plankSpin),
    PeerScene(
      name: "fast-ball-room", summary: "a ball of 1 m at (100, 200) m/s in a closed 20 m room, elasticity 1",
      seconds: 10, judgedBy: [.escaped], isFast: true
    ) { w in
      room(w)
      let ball = w.circle(x: 0, y: 0, r: 0.5, material: PeerMaterial(elasticity: 1, falls: false))
      w.launch(ball, vx: 100, vy: 200)
    },
    PeerScene(
      name: "bounce-house", summary: "Box2D's bounce house: a 4 × 0.2 m box at (10, 20) m/s, elasticity 1.2",
      seconds: 10, judgedBy: [.escaped], isFast: true
    ) { w in
      room(w)
      let box = w.box(x: 0, y: 0, hx: 2, hy: 0.1, material: PeerMaterial(friction: 0.3, elasticity: 1.2, falls: false))
      w.launch(box, vx: 10, vy: 20)
    }
  ]

  /// A ball of radius 0.5 m dropped at 100 m/s from 5 m onto a floor along y = 0, landing at `x` metres:
  /// by default on a seam (x = 0.5 m) where the floor is made of 1 m pieces.
  static func floor(
    _ name: String, landingAt x: Double = 0.5, ground: @escaping @Sendable (PeerWorld) -> Void
  ) -> PeerScene {
    PeerScene(
      name: name, summary: "a ball at 100 m/s onto \(name.dropFirst("floor-".count).replacingDash()), at x = \(x) m",
      seconds: 3, judgedBy: [.sideways, .speed], isFast: true
    ) { w in
      ground(w)
      let ball = w.circle(x: x, y: 5, r: 0.5, material: PeerMaterial())
      w.launch(ball, vx: 0, vy: -100)
      w.ball = ball
    }
  }

  /// SkinnyBox: a ground segment and a 0.2 × 2 m post; a 4 m × 10 cm plank starts 8 m up at 100 m/s
  /// down, spinning. Five lanes 30 m apart, one spin rate each (the sample draws one in ±50 rad/s).
  @Sendable static func plankSpin(_ w: PeerWorld) {
    let m = PeerMaterial(friction: 0.9)
    for (k, spin) in [-50.0, -37, -13, 23, 50].enumerated() {
      let x0 = 30 * Double(k)
      w.segment(x0 - 10, 0, x0 + 10, 0)
      w.box(x: x0, y: 1, hx: 0.1, hy: 1, material: m.asGround)
      let plank = w.box(x: x0, y: 8, hx: 2, hy: 0.05, material: m)
      w.launch(plank, vx: 0, vy: -100, angular: spin)
    }
    w.container = PeerContainer(centerX: 0, centerY: 1000, halfWidth: 1000, halfHeight: 1000)
  }

  /// BounceHouse's room: four segments around a 20 × 20 m square centred on the origin.
  static func room(_ w: PeerWorld) {
    w.segment(-10, -10, 10, -10)
    w.segment(10, -10, 10, 10)
    w.segment(10, 10, -10, 10)
    w.segment(-10, 10, -10, -10)
    w.container = PeerContainer(centerX: 0, centerY: 0, halfWidth: 10, halfHeight: 10)
  }
}

extension Substring {
  fileprivate func replacingDash() -> String { split(separator: "-").joined(separator: " ") }
}
