import Foundation
import SDLPlatform
import Testing

extension EndToEnd {
  /// Each scene's main interaction, played in the real window under Xvfb with xdotool, checked in the
  /// app's own screenshots: every expectation here fails if the interaction did nothing.
  @Suite(.serialized) struct SceneEndToEndTests {
    struct Run {
      var log: [String]
      var shots: [String: PixelImage]
      var exitCode: String
      var session: String
    }

    func drive(_ scene: String, _ actions: [String]) throws -> Run {
      try #require(
        WindowEndToEndTests.toolsPresent, "xvfb-run and xdotool are missing: run scripts/install-deps.sh --test")
      let root = WindowEndToEndTests.root
      let binary = root.appendingPathComponent(".build/debug/hooke").path
      try #require(
        FileManager.default.isExecutableFile(atPath: binary), "build hooke first: swift build --product hooke")
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-e2e-\(scene)-\(getpid())")
      _ = try EndToEnd.underXvfb(
        [root.appendingPathComponent("Tests/EndToEndTests/drive-scene.sh").path, binary, out.path, scene] + actions)
      let log = (try? String(contentsOf: out.appendingPathComponent("events.log"), encoding: .utf8)) ?? ""
      var shots: [String: PixelImage] = [:]
      for file in (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? [] where file.hasSuffix(".png") {
        shots[String(file.dropLast(4))] = try PixelImage.load(path: out.appendingPathComponent(file).path)
      }
      let rc =
        (try? String(contentsOf: out.appendingPathComponent("rc"), encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "none"
      return Run(
        log: log.split(separator: "\n").map(String.init), shots: shots, exitCode: rc,
        session: out.appendingPathComponent("session.txt").path)
    }

    static let enabled = WindowEndToEndTests.required || WindowEndToEndTests.toolsPresent

    @Test(.enabled(if: enabled)) func snapClickBringsTheItemThere() throws {
      let r = try drive("snap", ["shot", "before", "click", "150", "150", "wait", "1.5", "shot", "after"])
      #expect(r.exitCode == "0")
      let accent: UInt32 = 0xFF4F_A3FF
      #expect(r.shots["before"]?.pixel(x: 180, y: 180) != accent, "nothing there before the click")
      #expect(
        r.shots["after"]?.pixel(x: 180, y: 180) == accent, "the item arrived where we clicked (away from its label)")
      #expect(r.shots["after"]?.pixel(x: 400, y: 300) != accent, "and left the middle")
    }

    @Test(.enabled(if: enabled)) func aFlickOpensTheMenuAndAnotherClosesIt() throws {
      let r = try drive(
        "slide-menu",
        [
          "drag", "100", "300", "180", "0", "3", "wait", "1.5", "shot", "open",
          "drag", "600", "300", "-180", "0", "3", "wait", "1.5", "shot", "closed"
        ])
      #expect(r.exitCode == "0")
      let menu: UInt32 = 0xFF2B_3240
      #expect(r.shots["open"]?.pixel(x: 200, y: 500) == menu, "the menu covers the left half")
      #expect(r.shots["closed"]?.pixel(x: 200, y: 500) != menu, "and is gone after the flick back")
    }

    @Test(.enabled(if: enabled)) func aFastDragThrowsTheItemAndItComesBack() throws {
      // A long, quick drag (about 4,500 pt/s), so that a loaded machine delaying a motion event still
      // throws: the release speed is measured over the last moves.
      let r = try drive(
        "drag-and-throw",
        [
          "drag", "450", "330", "-300", "-200", "4", "wait", "0.1", "shot", "thrown",
          "wait", "2.5", "shot", "back"
        ])
      #expect(r.exitCode == "0")
      let card: UInt32 = 0xFFC7_7DFF
      #expect(r.shots["thrown"]?.pixel(x: 300, y: 380) != card, "the card has left the middle")
      #expect(r.shots["back"]?.pixel(x: 300, y: 380) == card, "and came back")
      #expect(r.log.contains { $0.contains("pointer-up") && $0.hasSuffix("handled it") })

      // The session, random spin and all, replays headless to the same final state, bit for bit.
      let recorded = try String(contentsOfFile: r.session, encoding: .utf8)
      let digest = recorded.split(separator: "\n").last.map { String($0.dropFirst("digest ".count)) } ?? ""
      let frames = recorded.split(separator: "\n").filter { $0.hasPrefix("frame ") }.count
      let capture = Process()
      let pipe = Pipe()
      capture.executableURL = WindowEndToEndTests.root.appendingPathComponent(".build/debug/hooke")
      capture.arguments = ["capture", "--replay", r.session, "--frames", "\(frames)", "--output", r.session + ".png"]
      capture.standardOutput = pipe
      try capture.run()
      capture.waitUntilExit()
      let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(
        said.contains("drag-and-throw") && said.contains("digest \(digest))"), "replay: \(said) recorded: \(digest)")
    }

    @Test(.enabled(if: enabled)) func dShowsTheDebugView() throws {
      let r = try drive("gravity-ball", ["wait", "0.3", "shot", "plain", "key", "d", "wait", "0.3", "shot", "debug"])
      #expect(r.exitCode == "0")
      // The boundary along the tab bar's top edge (y = 529: 600 less the status bar and the tab bar) is drawn in the debug colour only with D.
      let boundary: UInt32 = 0xFFFF_D24A
      #expect(r.shots["plain"]?.pixel(x: 100, y: 528) != boundary)
      #expect(r.shots["debug"]?.pixel(x: 100, y: 528) == boundary)
    }

    @Test(.enabled(if: enabled)) func fTogglesTheFieldView() throws {
      let r = try drive("fields", ["wait", "0.3", "shot", "on", "key", "f", "wait", "0.3", "shot", "off"])
      #expect(r.exitCode == "0")
      let on = try #require(r.shots["on"]), off = try #require(r.shots["off"])
      // The arrows and region outlines light thousands of pixels; without them only the ball and the text remain.
      let background = off.pixel(x: 5, y: 300)
      let litOn = on.pixels.filter { $0 != background }.count, litOff = off.pixels.filter { $0 != background }.count
      #expect(litOn > litOff + 5000, "field view on: \(litOn) lit pixels, off: \(litOff)")
      #expect(r.log.contains { $0.hasPrefix("event key-down key=f") && $0.hasSuffix("handled it") })
    }

    /// At rest the window draws nothing. Each scene settles, then two seconds pass with no
    /// input; the app's log has a line per drawn frame with its time, and none may fall in those seconds
    /// (the last frame drawn is the one answering Escape).
    @Test(.enabled(if: enabled), arguments: ["springy-list", "flow-grid", "snap", "calibration"])
    func noFrameIsDrawnAtRest(scene: String) throws {
      let r = try drive(scene, ["wait", "3.5"])
      #expect(r.exitCode == "0")
      let times = r.log.compactMap { line -> Double? in
        guard line.hasPrefix("answer drew "), let t = line.split(separator: " ").first(where: { $0.hasPrefix("t=") })
        else { return nil }
        return Double(t.dropFirst(2))
      }
      let quitAt = try #require(times.last, "\(scene): no frame was drawn at all")
      // The Escape key reaches the app as a press and a release a few milliseconds apart; a frame answering
      // the press is not a frame at rest.
      let atRest = times.filter { $0 > quitAt - 2.2 && $0 < quitAt - 0.2 }
      #expect(atRest.isEmpty, "\(scene) drew \(atRest.count) frames at rest (of \(times.count) in all)")
    }

    /// `F` in the physics layouts: the springs' pulls, anchors and resistance field change the picture
    /// under the title bar (the cells dim behind the arrows), and the key is the scene's, not ignored.
    @Test(.enabled(if: enabled), arguments: ["springy-list", "springy-carousel", "newtonian"])
    func fShowsTheLayoutsForces(scene: String) throws {
      let r = try drive(
        scene, ["click", "400", "300", "wait", "0.6", "shot", "off", "key", "f", "wait", "0.3", "shot", "on"])
      #expect(r.exitCode == "0")
      let on = try #require(r.shots["on"]), off = try #require(r.shots["off"])
      var changed = 0
      for y in 60..<(off.height - 30) {
        for x in 0..<off.width where on.pixel(x: x, y: y) != off.pixel(x: x, y: y) { changed += 1 }
      }
      #expect(changed > 2000, "\(scene): F changed \(changed) pixels below the title")
      #expect(r.log.contains { $0.hasPrefix("event key-down key=f") && $0.hasSuffix("handled it") })
    }

    /// The top edges, below y = 60, of the first cell in each column of the springy list (cells 44 pt
    /// square, justified in 14 columns over 780 pt), found by scanning down a line just inside each cell.
    func cellTops(_ image: PixelImage) -> [Int] {
      let warm: UInt32 = 0xFFFF_8A3D
      return (0..<14).compactMap { column in
        let x = Int(10 + Double(column) * (44 + 164.0 / 13) + 4)
        return (61..<image.height).first { image.pixel(x: x, y: $0) == warm && image.pixel(x: x, y: $0 - 1) != warm }
      }
    }

    /// The content under the pointer stays under it. Pressed on a cell's middle
    /// and dragged up by 120 pt, the held cell's top edge is 120 ± 1 pt higher while the button is still
    /// down — in the window, and in the frame of the replayed recording that handled the last motion
    /// (so the motion is drawn in the frame that reads it, not one later). Cells away from the pointer lag.
    @Test(.enabled(if: enabled)) func theHeldCellFollowsThePointerExactly() throws {
      let (x, y, n) = (428, 345, 120)
      let r = try drive(
        "springy-list",
        [
          "wait", "0.5", "shot", "before", "press", "\(x)", "\(y)", "move", "0", "-\(n)", "6",
          "shot", "held", "release", "wait", "3"
        ])
      #expect(r.exitCode == "0")
      let before = try #require(r.shots["before"]), held = try #require(r.shots["held"])
      let scanX = 411  // inside the cells of column 7 (x 406…450), clear of their labels
      let top = try #require(cellEdges(before, x: scanX).last { $0 <= y }, "no cell above the pointer")
      try #require(y - top >= 8 && y - top <= 36, "the press at y \(y) is not inside a cell (its top is at \(top))")
      let expected = top - n
      let moved = try #require(cellEdges(held, x: scanX).min { abs($0 - expected) < abs($1 - expected) })
      #expect(
        abs(moved - expected) <= 1, "mid-drag the held cell's top is at \(moved), expected \(expected) (\(top) − \(n))")
      // Cells far from the pointer lag behind it: the first row moved less than the held one.
      let far = try #require(cellEdges(before, x: scanX).first),
        farHeld = try #require(cellEdges(held, x: scanX).first { $0 > far - n - 40 })
      #expect(far - farHeld < n - 2, "the top row moved \(far - farHeld) of \(n)")

      // The recording's frame that handled the last move already shows the cell there.
      let session = try String(contentsOfFile: r.session, encoding: .utf8).split(separator: "\n")
      let lastMove = try #require(session.lastIndex { $0.hasPrefix("event pm ") }, "no pointer motion recorded")
      let frame = session[...lastMove].filter { $0.hasPrefix("frame ") }.count
      let replay = try capture(session: r.session, frames: frame)
      let replayed = try #require(cellEdges(replay, x: scanX).min { abs($0 - expected) < abs($1 - expected) })
      #expect(
        abs(replayed - expected) <= 1,
        "frame \(frame), the one handling the last motion: the held cell's top is at \(replayed), expected \(expected)")
    }

    /// The top edges of the cells crossed by the vertical line at `x` (a cell pixel with none above it),
    /// below the title bar.
    func cellEdges(_ image: PixelImage, x: Int) -> [Int] {
      let warm: UInt32 = 0xFFFF_8A3D
      return (61..<image.height).filter { image.pixel(x: x, y: $0) == warm && image.pixel(x: x, y: $0 - 1) != warm }
    }

    /// Frame `frames` of a recording, rendered headless by `hooke capture`.
    func capture(session: String, frames: Int) throws -> PixelImage {
      let binary = WindowEndToEndTests.root.appendingPathComponent(".build/debug/hooke").path
      let output = session + ".frame\(frames).png"
      let capture = Process()
      capture.executableURL = URL(fileURLWithPath: binary)
      capture.arguments = ["capture", "--replay", session, "--frames", "\(frames)", "--output", output]
      try capture.run()
      capture.waitUntilExit()
      try #require(capture.terminationStatus == 0, "hooke capture failed on \(session)")
      return try PixelImage.load(path: output)
    }

    @Test(.enabled(if: enabled)) func draggingTheSpringyListDisplacesCellsThatThenSettle() throws {
      let r = try drive(
        "springy-list",
        [
          "drag", "400", "500", "0", "-240", "6", "shot", "moving", "wait", "4", "shot", "rest",
          "wheel", "3", "wait", "0.05", "shot", "wheeled", "wait", "3", "shot", "after-wheel"
        ])
      #expect(r.exitCode == "0")
      let moving = cellTops(try #require(r.shots["moving"]))
      let rest = cellTops(try #require(r.shots["rest"]))
      #expect(moving.count == 14 && rest.count == 14)
      // On the move, cells far from the pointer lag: the columns' top edges differ. At rest they line up.
      #expect((moving.max() ?? 0) - (moving.min() ?? 0) >= 3, "mid-drag tops: \(moving)")
      #expect((rest.max() ?? 0) - (rest.min() ?? 0) <= 1, "at-rest tops: \(rest)")
      // The wheel scrolls too, and the list settles again.
      let wheeled = cellTops(try #require(r.shots["wheeled"])), settled = cellTops(try #require(r.shots["after-wheel"]))
      #expect(wheeled != rest, "the wheel moved the content")
      #expect((settled.max() ?? 0) - (settled.min() ?? 0) <= 1, "settled after the wheel: \(settled)")
    }
  }
}
