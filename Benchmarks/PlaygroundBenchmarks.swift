import Geometry2D
import SandboxCore
import Scenes

/// What one build action costs in the playground: recording the poses, the change, reading the
/// document back from its JSON (the check that makes a refused change change nothing) and building the
/// animator afresh (docs/architecture.md, "The playground"). Measured as an inspector edit of one item's
/// friction in worlds of 10, 100 and 400 boxes; and a frame of the 400-box world drawn, to compare.
func runPlaygroundBenchmarks(_ harness: BenchmarkHarness) {
  for n in [10, 100, 400] {
    // The setup costs more than the measure: skipped, as the measure is, when a filter leaves it out.
    guard harness.filter.map({ "playground/edit-\(n)-boxes".contains($0) }) ?? true else { continue }
    let scene = PlaygroundScene()
    scene.resize(to: Size(width: 800, height: 578))
    for i in 0..<n {
      let x = 40 + Double(i % 20) * 36, y = 40 + Double(i / 20) * 36
      scene.perform("spawn") { (d: inout BuildDocument) throws(BuildRefusal) in
        try d.spawn(.box, in: Rect(x: x, y: y, width: 30, height: 30))
      }
    }
    precondition(scene.document.scene.items.count == n, "the benchmark's boxes were refused")
    let id = scene.document.scene.items[0].id
    var k = 0
    harness.measure(group: "playground", name: "edit-\(n)-boxes", iterations: n >= 400 ? 20 : 100) {
      k += 1
      scene.perform("friction", coalescing: "friction") { (d: inout BuildDocument) throws(BuildRefusal) in
        try d.setNumber("friction", ofBehavior: d.materialIndex(id)!, to: Double(k % 40) / 40)
      }
    }
    guard n == 400 else { continue }
    var list = DrawList()
    harness.measure(group: "playground", name: "frame-\(n)-boxes", iterations: 100) {
      scene.advance(by: 1.0 / 60)
      list.removeAll()
      scene.draw(into: &list)
    }
  }
}
