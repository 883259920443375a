/// Box2D's stacking samples (samples/sample_stacking.cpp): vertical stacks, circles, dominoes, the
/// confined crowd, the card house; and the benchmark's pyramid at a size the debug tests can run.
extension PeerScene {
  static let stacking: [PeerScene] = [
    stack("stack-12", columns: 1, rows: 12, onBox: false, fast: true),
    stack("stack-15-segment", columns: 1, rows: 15, onBox: false, fast: true),
    stack("stacks-10x15-segment", columns: 10, rows: 15, onBox: false, fast: true),
    stack("stacks-10x15-box", columns: 10, rows: 15, onBox: true, fast: true),
    pyramid("pyramid-20", base: 20, seconds: 10, fast: true),
    PeerScene(
      name: "circle-stack", summary: "10 circles of 1 m, densities 1 to 37, friction 0, gravity 20 m/s²", seconds: 10,
      judgedBy: [.slide, .speed], isFast: true
    ) { w in
      w.setGravity(metresPerSecondSquared: 20)
      w.segment(-10, 0, 10, 0)
      for i in 0..<10 {
        w.circle(
          x: 0, y: 0.75 + 1.25 * Double(i), r: 0.5, material: PeerMaterial(friction: 0, density: 1 + 4 * Double(i)))
      }
    },
    PeerScene(
      name: "dominoes", summary: "15 dominoes 0.25 × 1 m, 1 m apart, the first pushed at its top", seconds: 10,
      judgedBy: [.standing, .speed], isFast: true
    ) { w in
      w.box(x: 0, y: -1, hx: 100, hy: 1, material: PeerMaterial().asGround)
      for i in 0..<15 {
        let x = -7.5 + Double(i)
        let d = w.box(x: x, y: 0.5, hx: 0.125, hy: 0.5, material: PeerMaterial())
        if i == 0 {
          // Box2D's impulse (0.2, 0) N·s at the domino's top, 0.5 m above its centre: mass 0.25 kg,
          // inertia m (w² + h²) / 12.
          let mass = 0.25, inertia = 0.25 * (0.25 * 0.25 + 1) / 12
          w.launch(d, vx: 0.2 / mass, vy: 0, angular: -0.5 * 0.2 / inertia)
        }
      }
    },
    PeerScene(
      name: "card-house", summary: "Box2D's card house: cards 0.4 m × 2 mm at ±25°, friction 0.7", seconds: 5,
      judgedBy: [.drift], isFast: true, build: cardHouse),
    PeerScene(
      name: "crowd-625", summary: "625 circles of 1 m in an over-full 20 × 19.5 m box, no gravity", seconds: 10,
      judgedBy: [.overlap, .speed], isFast: true, build: crowd)
  ]

  /// VerticalStack: columns of 1 m boxes (friction 0.3), every other box 1 cm to the side, on a segment
  /// (Box2D's sample) or on a ground box. The sample's boxes are rounded; ours are plain in both engines.
  static func stack(_ name: String, columns: Int, rows: Int, onBox: Bool, fast: Bool) -> PeerScene {
    PeerScene(
      name: name, summary: "\(columns) × \(rows) boxes of 1 m, friction 0.3, on a \(onBox ? "ground box" : "segment")",
      seconds: 10, judgedBy: [.drift, .speed], isFast: fast
    ) { w in
      let m = PeerMaterial(friction: 0.3)
      if onBox {
        w.box(x: 0, y: -1, hx: 30, hy: 1, material: m.asGround)
      } else {
        w.segment(-30, 0, 30, 0)
      }
      w.segment(10, 0, 10, 20)
      for j in 0..<columns {
        let x = 8 - 3 * Double(j)
        for i in 0..<rows {
          let shift = i % 2 == 0 ? -0.01 : 0.01
          w.box(x: x + shift, y: 0.5 + Double(i), hx: 0.5, hy: 0.5, material: m)
        }
      }
    }
  }

  /// The benchmark's large pyramid (benchmarks.c, CreateLargePyramid) with `base` boxes at the bottom.
  static func pyramid(_ name: String, base: Int, seconds: Double, fast: Bool) -> PeerScene {
    PeerScene(
      name: name, summary: "pyramid of \(base * (base + 1) / 2) boxes of 1 m on a ground box", seconds: seconds,
      judgedBy: [.slide, .slid], isFast: fast
    ) { w in
      w.box(x: 0, y: -1, hx: 100, hy: 1, material: PeerMaterial().asGround)
      let h = 0.5
      for i in 0..<base {
        let y = (2 * Double(i) + 1) * h
        for j in i..<base {
          let x = (Double(i) + 1) * h + 2 * Double(j - i) * h - h * Double(base)
          w.box(x: x, y: y, hx: h, hy: h, material: PeerMaterial())
        }
      }
    }
  }

  @Sendable static func cardHouse(_ w: PeerWorld) {
    let m = PeerMaterial(friction: 0.7)
    w.box(x: 0, y: -2, hx: 40, hy: 2, material: m.asGround)
    let height = 0.2, thickness = 0.001
    let angle0 = 25 * Double.pi / 180, angle1 = -angle0, angle2 = 0.5 * Double.pi
    var levels = 5, z0 = 0.0, y = height - 0.02
    while levels > 0 {
      var z = z0
      for i in 0..<levels {
        if i != levels - 1 {
          w.box(x: z + 0.25, y: y + height - 0.015, hx: thickness, hy: height, angle: angle2, material: m)
        }
        w.box(x: z, y: y, hx: thickness, hy: height, angle: angle1, material: m)
        z += 0.175
        w.box(x: z, y: y, hx: thickness, hy: height, angle: angle0, material: m)
        z += 0.175
      }
      y += height * 2 - 0.03
      z0 += 0.175
      levels -= 1
    }
  }

  /// Confined: Box2D's walls are capsules of radius 0.5 m; ours are segments on their inner faces.
  @Sendable static func crowd(_ w: PeerWorld) {
    w.segment(-10, 0.5, 10, 0.5)
    w.segment(-10, 0.5, -10, 20)
    w.segment(10, 0.5, 10, 20)
    w.segment(-10, 20, 10, 20)
    let grid = 25
    for column in 0..<grid {
      for row in 0..<grid {
        let x = -8.75 + Double(column) * 18 / Double(grid), y = 1.5 + Double(row) * 18 / Double(grid)
        w.circle(x: x, y: y, r: 0.5, material: PeerMaterial(falls: false))
      }
    }
    w.container = PeerContainer(centerX: 0, centerY: 10.25, halfWidth: 10, halfHeight: 9.75)
  }
}
