import Dynamics
import Geometry2D
import SandboxCore
import Scenes
import SDLPlatform

/// The field view (`F`) at 1280×800, 32 pt grid (1 000 sample points): building its draw list for the
/// tutorial's radial gravity + vortex, for an animated noise field (every point in the region), and for all
/// eleven kinds stacked (the worst case: 11 000 field evaluations); the fields scene's whole frame; and
/// the software renderer drawing the tutorial's field view. Budget: 2 ms a frame in release.
func runFieldViewBenchmarks(_ harness: BenchmarkHarness) {
  let size = Size(width: 1280, height: 800)
  let overlay = FieldViewOverlay()
  overlay.probeMass = 0.098
  var list = DrawList()

  let scene = FieldsScene(seed: 1)
  scene.resize(to: size)
  scene.advance(by: 1)
  let seedFields = scene.fields
  harness.measure(group: "field", name: "view-seed-radial+vortex-1280x800", iterations: 500) {
    list.removeAll()
    overlay.draw(seedFields, size: size, into: &list)
  }

  let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
  noise.position = Point(x: 640, y: 400)
  var t = 0.0
  harness.measure(group: "field", name: "view-noise-animated-1280x800", iterations: 500) {
    list.removeAll()
    t += 1.0 / 60
    noise.animationSpeed = 1 + t * 1e-9  // the overlay samples at the animator's time; vary the field
    overlay.draw([noise], size: size, into: &list)
  }

  let c = Point(x: 640, y: 400)
  let all: [FieldBehavior] = [
    .linearGravityField(direction: Vector(dx: 0, dy: 1)), .radialGravityField(position: c),
    .velocityField(direction: Vector(dx: 1, dy: 0)), .noiseField(smoothness: 0.5, animationSpeed: 1),
    .turbulenceField(smoothness: 0.5, animationSpeed: 1), .springField(), .electricField(), .magneticField(),
    .dragField(), .vortexField(), .field { p, _, m, _, _ in (c - p) * m }
  ]
  for f in all {
    f.position = c
    f.region = Region(radius: 500).difference(Region(size: Size(width: 100, height: 100)))
  }
  overlay.probeVelocity = Vector(dx: 120, dy: -40)
  harness.measure(group: "field", name: "view-all-11-kinds-1280x800", iterations: 200) {
    list.removeAll()
    overlay.draw(all, size: size, into: &list)
  }
  overlay.probeVelocity = .zero

  var frame = DrawList()
  harness.measure(group: "field", name: "fields-scene-frame-1280x800", iterations: 500) {
    scene.advance(by: 1.0 / 60)
    frame.removeAll()
    scene.draw(into: &frame)
  }

  guard let canvas = try? HeadlessCanvas(width: 1280, height: 800) else {
    print("bench field render skipped: could not make a software canvas")
    return
  }
  frame.removeAll()
  scene.draw(into: &frame)
  harness.measure(group: "field", name: "render-fields-scene-software-1280x800", iterations: 100) {
    canvas.render(frame)
  }
}
