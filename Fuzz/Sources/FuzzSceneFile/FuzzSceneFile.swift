import Geometry2D
import SandboxCore
import Scenes

/// One input: parse it as a scene file; when it loads, build it, run it a few frames, drag its first
/// item, run it a little more and draw it. Loading must either succeed or throw `SceneFileError`; nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let description = try? SceneDescription.parse(bytes, file: "fuzz.json") else { return 0 }
  let scene = FileScene(description: description, name: "fuzz")
  scene.resize(to: Size(width: 400, height: 300))
  // Free motion first (a grab would hold the item), then a drag of the first item.
  for _ in 0..<3 { scene.advance(by: 1.0 / 60) }
  if let body = scene.bodies.first {
    scene.handle(.pointerDown(button: .left, position: body.center, clickCount: 1))
    scene.handle(.pointerMoved(position: body.center + Vector(dx: 30, dy: -20), delta: Vector(dx: 30, dy: -20), buttons: .left))
  }
  for _ in 0..<2 { scene.advance(by: 1.0 / 60) }
  var list = DrawList()
  scene.draw(into: &list)
  return 0
}
