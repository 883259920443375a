import Foundation

import Dynamics
import Geometry2D

/// Box2D's benchmark scenes (shared/benchmarks.c): the large pyramid, many pyramids, the joint grid at
/// three sizes, and the tumbler turned by hand as a sandbox user turns an anchored container.
extension PeerScene {
  static let benchmarks: [PeerScene] = [
    pyramid("pyramid-100", base: 100, seconds: 10, fast: false),
    manyPyramids("many-pyramids-2x2", rows: 2, columns: 2, fast: true),
    manyPyramids("many-pyramids-20x20", rows: 20, columns: 20, fast: false),
    jointGrid("pin-grid-10", size: 10, seconds: 10, fast: true),
    jointGrid("pin-grid-30", size: 30, seconds: 10, fast: false),
    jointGrid("joint-grid-100", size: 100, seconds: 5, fast: false),
    PeerScene(
      name: "tumbler-400", summary: "400 boxes of 25 cm in a 20 m box turned at 25°/s by hand", seconds: 10,
      judgedBy: [.escaped], isFast: true, build: tumbler)
  ]

  /// CreateManyPyramids: `rows` × `columns` pyramids of 55 boxes of 1 m, each row on its own segment.
  static func manyPyramids(_ name: String, rows: Int, columns: Int, fast: Bool) -> PeerScene {
    PeerScene(
      name: name, summary: "\(rows * columns) pyramids of 55 boxes, each row of pyramids on a segment", seconds: 5,
      judgedBy: [.slide, .slid], isFast: fast
    ) { w in
      let base = 10, extent = 0.5
      let groundDeltaY = 2 * extent * (Double(base) + 1)
      let groundWidth = 2 * extent * Double(columns) * (Double(base) + 1)
      var groundY = 0.0
      for _ in 0..<rows {
        w.segment(-groundWidth, groundY, groundWidth, groundY)
        groundY += groundDeltaY
      }
      let baseWidth = 2 * extent * Double(base)
      var baseY = 0.0
      for _ in 0..<rows {
        for j in 0..<columns {
          let centerX = -0.5 * groundWidth + Double(j) * (baseWidth + 2 * extent) + extent
          for i in 0..<base {
            let y = (2 * Double(i) + 1) * extent + baseY
            for k in i..<base {
              let x = (Double(i) + 1) * extent + 2 * Double(k - i) * extent + centerX - 0.5
              w.box(x: x, y: y, hx: extent, hy: extent, material: PeerMaterial())
            }
          }
        }
        baseY += groundDeltaY
      }
    }
  }

  /// CreateJointGrid: `size` × `size` circles of radius 0.4 m, 1 m apart, pinned to their neighbours
  /// halfway between, colliding with nothing; the seven in the middle of the top row are anchored.
  static func jointGrid(_ name: String, size n: Int, seconds: Double, fast: Bool) -> PeerScene {
    PeerScene(
      name: name, summary: "\(n) × \(n) circles on \(2 * n * (n - 1)) pins, seven anchored at the top",
      seconds: seconds, judgedBy: [.gap], isFast: fast
    ) { w in
      var bodies: [DynamicBody] = []
      bodies.reserveCapacity(n * n)
      for k in 0..<n {
        for i in 0..<n {
          let anchored = k >= n / 2 - 3 && k <= n / 2 + 3 && i == 0
          let body = w.circle(
            x: Double(k), y: -Double(i), r: 0.4, material: PeerMaterial(anchored: anchored, collides: false))
          if i > 0 { w.pin(bodies[bodies.count - 1], body, atX: Double(k), y: -Double(i) + 0.5) }
          if k > 0 { w.pin(bodies[bodies.count - n], body, atX: Double(k) - 0.5, y: -Double(i)) }
          bodies.append(body)
        }
      }
    }
  }

  /// The tumbler: four walls (1 m thick, inner faces 19 m apart) about (0, 10) turning at 25°/s, and
  /// 20 × 20 boxes of 25 cm inside. Box2D's walls are one kinematic body; ours are anchored items moved
  /// before every frame to where the turn puts them at the frame's end, with
  /// `updateItem(usingCurrentState:)`, as the sandbox moves a dragged anchored item.
  @Sendable static func tumbler(_ w: PeerWorld) {
    let spin = 25 * Double.pi / 180
    let walls: [(x: Double, y: Double, hx: Double, hy: Double)] = [
      (10, 0, 0.5, 10), (-10, 0, 0.5, 10), (0, 10, 10, 0.5), (0, -10, 10, 0.5)
    ]
    let bodies = walls.map { w.box(x: $0.x, y: 10 + $0.y, hx: $0.hx, hy: $0.hy, material: PeerMaterial().asGround) }
    let grid = 20
    var y = -0.2 * Double(grid) + 10
    for _ in 0..<grid {
      var x = -0.2 * Double(grid)
      for _ in 0..<grid {
        w.box(x: x, y: y, hx: 0.125, hy: 0.125, material: PeerMaterial())
        x += 0.4
      }
      y += 0.4
    }
    w.container = PeerContainer(centerX: 0, centerY: 10, halfWidth: 9.5, halfHeight: 9.5) { spin * $0 }
    let animator = w.animator
    w.beforeFrame = { time in
      let a = spin * (time + PeerRun.frame)
      let c = cos(a), s = sin(a)
      for (body, wall) in zip(bodies, walls) {
        body.center = PeerWorld.point(c * wall.x - s * wall.y, 10 + s * wall.x + c * wall.y)
        body.transform = AffineTransform(rotationAngle: -a)
        animator.updateItem(usingCurrentState: body)
      }
    }
  }
}
