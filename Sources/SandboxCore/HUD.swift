import Geometry2D

/// The heads-up display: frame time and rate, and slots for the physics, layout and draw times and the
/// number of awake bodies. Times are smoothed (exponential moving average over about 30 frames) so
/// the figures can be read while they change.
package struct HUD: Sendable {
  package var isVisible = true
  package private(set) var frameTime = 0.0
  package private(set) var physicsTime: Double?
  package private(set) var layoutTime: Double?
  package private(set) var drawTime = 0.0
  package private(set) var awakeBodies: Int?
  /// What draws the window ("software", "opengl", "software — GL is llvmpipe"), shown after the draw time.
  package var rendererName: String?
  /// The clock's time scale ("½×"), shown first so slow motion is never mistaken for a slow machine.
  package var timeScale = "1×"
  private var samples = 0
  private let smoothing = 1.0 / 30

  package init() {}

  package var framesPerSecond: Double { frameTime > 0 ? 1 / frameTime : 0 }

  /// Records one frame: its wall time, the scene's own timings and the time spent drawing.
  package mutating func record(frameTime f: Double, scene: SceneTimings, drawTime d: Double) {
    samples += 1
    let k = samples == 1 ? 1 : smoothing
    frameTime += (f - frameTime) * k
    drawTime += (d - drawTime) * k
    if let p = scene.physics { physicsTime = (physicsTime ?? p) + (p - (physicsTime ?? p)) * k }
    if let l = scene.layout { layoutTime = (layoutTime ?? l) + (l - (layoutTime ?? l)) * k }
    awakeBodies = scene.awakeBodies
  }

  /// The HUD's lines, as drawn.
  package var lines: [String] {
    var out = ["time \(timeScale)", "frame \(ms(frameTime)) ms  \(fmt((framesPerSecond).rounded())) fps"]
    out.append("physics " + (physicsTime.map { "\(ms($0)) ms" } ?? "–"))
    out.append("layout " + (layoutTime.map { "\(ms($0)) ms" } ?? "–"))
    out.append("draw \(ms(drawTime)) ms" + (rendererName.map { " (\($0))" } ?? ""))
    if let awakeBodies { out.append("awake \(awakeBodies)") }
    return out
  }

  /// Draws the HUD as one line, right-aligned in its part of the status bar (`SandboxLayout.hud`).
  package func draw(into list: inout DrawList, size: Size) {
    guard isVisible else { return }
    let box = SandboxLayout(window: size, dock: .none).hud
    list.text(
      line(in: size), at: Point(x: box.maxX - 8, y: box.midY), size: 12, color: Palette.dimText, alignment: .centerRight
    )
  }

  /// The HUD's line as drawn in a window of `size`: whole when it fits the window's width, else without
  /// the renderer's name, else cut at its start (a narrow window keeps the latest figures).
  package func line(in size: Size) -> String {
    let fits = Int((size.width - 16) / HUD.characterWidth)
    let whole = lines.joined(separator: "  ·  ")
    if whole.count <= fits { return whole }
    var plain = self
    plain.rendererName = nil
    let short = plain.lines.joined(separator: "  ·  ")
    if short.count <= fits { return short }
    return fits < 2 ? "" : "…" + String(short.suffix(fits - 1))
  }

  /// Where the HUD's line begins in a window of `size` (its right end less its width at about
  /// `HUD.characterWidth` a character), or the window's right edge when it is hidden. With a long
  /// renderer name ("software — GL is llvmpipe") the line reaches past its part of the status bar, and
  /// the status line must stop before it, not run under it.
  package func leftEdge(in size: Size) -> Double {
    guard isVisible else { return size.width }
    let box = SandboxLayout(window: size, dock: .none).hud
    return box.maxX - 8 - HUD.characterWidth * Double(line(in: size).count)
  }

  /// About how wide a character of the status bar's 12 pt text is.
  package static let characterWidth = 6.5

  private func ms(_ seconds: Double) -> String {
    let v = (seconds * 1000 * 100).rounded() / 100
    return String(v)
  }
}
