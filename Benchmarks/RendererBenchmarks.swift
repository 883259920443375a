import Geometry2D
import SandboxCore
import Scenes
import SDLPlatform

/// The renderer on the headless software surface, 800×600: a frame of 2,000 filled 20×20 rectangles and
/// 200 text labels (cached textures after the first frame), the same with the rectangles rotated
/// (triangles instead of SDL's rectangle fill), and the calibration card.
func runRendererBenchmarks(_ harness: BenchmarkHarness) {
  guard let canvas = try? HeadlessCanvas(width: 800, height: 600) else {
    print("bench renderer skipped: could not make a software canvas")
    return
  }
  func frame(rotated: Bool) -> DrawList {
    var list = DrawList()
    list.clear(Palette.background)
    for i in 0..<2000 {
      let x = Double(i % 40) * 20 + 10, y = Double(i / 40) * 12 + 10
      let colour = Color(r: UInt8(i % 256), g: UInt8((i * 7) % 256), b: 200)
      list.rect(center: Point(x: x, y: y), size: Size(width: 20, height: 20), rotation: rotated ? 0.3 : 0, fill: colour)
    }
    for i in 0..<200 {
      list.text("Label \(i)", at: Point(x: Double(i % 10) * 80 + 4, y: Double(i / 10) * 30 + 4), size: 12)
    }
    return list
  }
  let axis = frame(rotated: false), turned = frame(rotated: true)
  harness.measure(group: "renderer", name: "2000-rects-200-labels", iterations: 200) { canvas.render(axis) }
  harness.measure(group: "renderer", name: "2000-rotated-rects-200-labels", iterations: 200) { canvas.render(turned) }

  let card = CalibrationScene()
  card.resize(to: canvas.size)
  var cardList = DrawList()
  card.draw(into: &cardList)
  harness.measure(group: "renderer", name: "calibration-card", iterations: 200) { canvas.render(cardList) }
  harness.measure(group: "renderer", name: "calibration-card-build-drawlist", iterations: 1000) {
    cardList.removeAll()
    card.draw(into: &cardList)
  }
  runSpringyListFrameBenchmark(harness)
}

/// What a person sees: the springy list's whole frame (cells, labels, title, status bar) at 1280×800,
/// about 450 labelled cells, mid-drag, rendered by the software renderer on a headless surface.
func runSpringyListFrameBenchmark(_ harness: BenchmarkHarness) {
  let size = Size(width: 1280, height: 800)
  guard let canvas = try? HeadlessCanvas(width: 1280, height: 800) else { return }
  let context = SceneContext(seed: 1)
  let controller = SandboxController(
    scene: SpringyListScene(), size: size, clock: FrameClock(),
    catalog: SceneCatalog.entries, context: context)
  _ = controller.dispatch(.pointerDown(button: .left, position: Point(x: 640, y: 700), clickCount: 1))
  for k in 1...6 {
    _ = controller.dispatch(
      .pointerMoved(position: Point(x: 640, y: 700 - 40 * Double(k)), delta: Vector(dx: 0, dy: -40), buttons: .left))
    controller.advance(steps: 4)
  }
  var list = DrawList()
  controller.draw(into: &list)
  var labels = 0
  for command in list.commands { if case .text = command { labels += 1 } }
  print("# springy-list frame: \(list.commands.count) draw commands, \(labels) labels")
  harness.measure(group: "renderer", name: "springy-list-frame-1280x800", iterations: 200) { canvas.render(list) }
  runInterpolationBenchmark(harness, controller: controller)
}

/// What the window's drawing between states costs a frame (`FrameInterpolator`): the springy list let go
/// mid-drag, its scene drawn twice a frame apart, this frame's list placed half way between the two.
func runInterpolationBenchmark(_ harness: BenchmarkHarness, controller: SandboxController) {
  _ = controller.dispatch(.pointerUp(button: .left, position: Point(x: 640, y: 460)))
  var earlier = DrawList(), later = DrawList()
  controller.scene.draw(into: &earlier)
  controller.advance(steps: 4)
  controller.scene.draw(into: &later)
  var interpolator = FrameInterpolator()
  _ = interpolator.blend(earlier.commands[...], at: 0, drawTime: 0)
  harness.measure(group: "renderer", name: "springy-list-interpolate-1280x800", iterations: 200) {
    blackHole(interpolator.blend(later.commands[...], at: 1, drawTime: 0.5).count)
  }
}
