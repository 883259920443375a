import Foundation

import Dynamics
import Geometry2D

/// Runs a built scene for its duration in 1/60 s frames and measures its figures.
public enum PeerRun {
  /// The frame the figures are sampled at (Box2D's step in the C twin).
  public static let frame = 1.0 / 60
  /// Box2D's sleep speed, 0.05 m/s, in points per second: faster than this a body is still moving.
  public static let movingSpeed = 5.0

  /// Steps `world` for `seconds` and returns every figure (the scene picks the ones it is judged by).
  /// With `traceEvery` above 0, `trace` is given the time and the figures as they stand after every
  /// `traceEvery`th frame (`PeerRun.traceLine`): how a scene gets to its end, beside Box2D's.
  public static func measure(
    _ world: PeerWorld, seconds: Double, traceEvery: Int = 0, trace: (Double, PeerFigureValues) -> Void = { _, _ in }
  ) -> PeerFigureValues {
    let frames = Int((seconds / frame).rounded())
    var gap = 0.0, sideways = 0.0, lastMoving = 0
    for k in 1...max(frames, 1) {
      world.beforeFrame?(Double(k - 1) * frame)
      world.animator.advance(by: frame)
      if fastest(world) > movingSpeed { lastMoving = k }
      gap = max(gap, widestPinGap(world))
      if let ball = world.ball { sideways = max(sideways, abs(world.animator.linearVelocity(of: ball).dx)) }
      if traceEvery > 0 && k % traceEvery == 0 {
        var now = endFigures(world)
        now[.speed] = fastest(world)
        now[.gap] = gap
        trace(Double(k) * frame, now)
      }
    }
    var values = endFigures(world)
    values[.speed] = fastest(world)
    values[.rest] = Double(lastMoving) * frame
    values[.gap] = gap
    values[.sideways] = sideways
    return values
  }

  /// The figures a trace prints, in this order, in both twins.
  public static let tracedFigures: [PeerFigure] = [.drift, .slide, .slid, .speed, .overlap, .gap, .sink]

  /// One line of a trace: `trace SCENE t=SECONDS drift=… slide=… …`, as `PeerSuite/box2d` prints it.
  public static func traceLine(scene: String, time: Double, _ values: PeerFigureValues) -> String {
    let figures = tracedFigures.map { "\($0.rawValue)=\(PeerJudgement.fixed(values[$0] ?? 0, 2))" }
    return "trace \(scene) t=\(PeerJudgement.fixed(time, 2)) " + figures.joined(separator: " ")
  }

  static func fastest(_ world: PeerWorld) -> Double {
    var top = 0.0
    for body in world.movingBodies { top = max(top, world.animator.linearVelocity(of: body).length) }
    return top
  }

  static func widestPinGap(_ world: PeerWorld) -> Double {
    var widest = 0.0
    for pin in world.pins {
      let p = PeerWorld.world(pin.localA, of: pin.a), q = PeerWorld.world(pin.localB, of: pin.b)
      widest = max(widest, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
    }
    return widest
  }

  static func endFigures(_ world: PeerWorld) -> PeerFigureValues {
    var drift = 0.0, slide = 0.0, slid = 0.0, standing = 0.0, escaped = 0.0
    for (k, body) in world.movingBodies.enumerated() {
      let start = world.starts[k]
      let dx = body.center.x - start.x, dy = body.center.y - start.y
      drift = max(drift, (dx * dx + dy * dy).squareRoot())
      slide = max(slide, abs(dx))
      if abs(dx) > 50 { slid += 1 }
      if abs(remainder(body.angle - world.startAngles[k], 2 * Double.pi)) < tenDegrees { standing += 1 }
      if let box = world.container, isOutside(body.center, box, time: world.animator.elapsedTime) { escaped += 1 }
    }
    var sink = 0.0
    for (body, metres) in world.idealHeights {
      sink = max(sink, metres * PeerWorld.pointsPerMetre + body.center.y)
    }
    return [
      .drift: drift, .slide: slide, .slid: slid, .standing: standing, .escaped: escaped, .sink: sink,
      .overlap: deepestOverlap(world.circles)
    ]
  }

  /// 10° in radians.
  static let tenDegrees = 10 * Double.pi / 180

  static func isOutside(_ p: Point, _ box: PeerContainer, time: Double) -> Bool {
    let x = p.x / PeerWorld.pointsPerMetre - box.centerX, y = -p.y / PeerWorld.pointsPerMetre - box.centerY
    let a = -box.angle(time)
    let c = cos(a), s = sin(a)
    let lx = c * x - s * y, ly = s * x + c * y
    return abs(lx) > box.halfWidth || abs(ly) > box.halfHeight
  }

  /// Every pair once: the scenes with circles hold at most a thousand or so.
  static func deepestOverlap(_ circles: [(body: DynamicBody, radius: Double)]) -> Double {
    var deepest = 0.0
    for i in circles.indices {
      let a = circles[i]
      for j in (i + 1)..<circles.count {
        let b = circles[j]
        let dx = a.body.center.x - b.body.center.x, dy = a.body.center.y - b.body.center.y
        let reach = a.radius + b.radius
        if abs(dx) >= reach || abs(dy) >= reach { continue }
        deepest = max(deepest, reach - (dx * dx + dy * dy).squareRoot())
      }
    }
    return deepest
  }
}
