import Geometry2D

/// One thing to draw. Coordinates are in points in the window, y down; the renderer maps points to pixels.
package enum DrawCommand: Hashable, Sendable {
  /// Fill the whole target.
  case clear(Color)
  /// A rectangle of `size` centred on `center`, turned by `rotation` radians (clockwise on screen).
  /// Filled with `fill` and/or outlined inside its edge with `stroke` of `lineWidth`.
  case rect(center: Point, size: Size, rotation: Double, fill: Color?, stroke: Color?, lineWidth: Double)
  /// An ellipse with the given radii, turned by `rotation`; a circle when the radii are equal.
  case ellipse(center: Point, radii: Size, rotation: Double, fill: Color?, stroke: Color?, lineWidth: Double)
  /// A filled polygon; convex or star-shaped about its first point.
  case polygon([Point], fill: Color)
  /// Connected segments of `width`, closed back to the first point when `closed`.
  case polyline([Point], closed: Bool, color: Color, width: Double)
  /// A segment with a filled head at `to`.
  case arrow(from: Point, to: Point, color: Color, width: Double, headLength: Double)
  /// A segment drawn as dashes of `dash` points separated by `gap` points, starting with a dash.
  case dashedLine(from: Point, to: Point, color: Color, width: Double, dash: Double, gap: Double)
  /// One line of text whose anchor is `at`, placed according to `alignment`.
  case text(String, at: Point, size: Double, color: Color, alignment: TextAlignment)
}

/// Where a text anchor sits on the text's box.
package enum TextAlignment: Hashable, Sendable {
  case topLeft, topCenter, topRight, centerLeft, center, centerRight, bottomLeft, bottomCenter, bottomRight

  /// The anchor's position on the box, each coordinate 0, 0.5 or 1.
  package var fraction: (x: Double, y: Double) {
    switch self {
    case .topLeft: (0, 0)
    case .topCenter: (0.5, 0)
    case .topRight: (1, 0)
    case .centerLeft: (0, 0.5)
    case .center: (0.5, 0.5)
    case .centerRight: (1, 0.5)
    case .bottomLeft: (0, 1)
    case .bottomCenter: (0.5, 1)
    case .bottomRight: (1, 1)
    }
  }
}

/// A renderer-neutral list of shapes and text that a scene fills each frame and a renderer replays in
/// order. Scenes never see SDL; tests can inspect what a scene drew.
package struct DrawList: Sendable {
  package private(set) var commands: [DrawCommand] = []

  package init() {}

  package var count: Int { commands.count }

  /// Empties the list but keeps its storage, so a frame loop allocates nothing once warm.
  package mutating func removeAll() { commands.removeAll(keepingCapacity: true) }

  package mutating func append(_ c: DrawCommand) { commands.append(c) }

  /// Puts `new` in place of every command from `start` on (the interpolated scene, `FrameInterpolator`).
  package mutating func replaceCommands(from start: Int, with new: [DrawCommand]) {
    commands.replaceSubrange(start..., with: new)
  }
  package mutating func append(contentsOf other: DrawList) { commands.append(contentsOf: other.commands) }

  package mutating func clear(_ color: Color) { append(.clear(color)) }

  package mutating func fillRect(_ r: Rect, _ color: Color) {
    append(.rect(center: r.center, size: r.size, rotation: 0, fill: color, stroke: nil, lineWidth: 0))
  }

  package mutating func strokeRect(_ r: Rect, _ color: Color, width: Double = 1) {
    append(.rect(center: r.center, size: r.size, rotation: 0, fill: nil, stroke: color, lineWidth: width))
  }

  package mutating func rect(
    center: Point, size: Size, rotation: Double = 0, fill: Color?,
    stroke: Color? = nil, lineWidth: Double = 1
  ) {
    append(.rect(center: center, size: size, rotation: rotation, fill: fill, stroke: stroke, lineWidth: lineWidth))
  }

  package mutating func circle(
    center: Point, radius: Double, fill: Color?, stroke: Color? = nil,
    lineWidth: Double = 1
  ) {
    append(
      .ellipse(
        center: center, radii: Size(width: radius, height: radius), rotation: 0,
        fill: fill, stroke: stroke, lineWidth: lineWidth))
  }

  package mutating func ellipse(
    in r: Rect, rotation: Double = 0, fill: Color?, stroke: Color? = nil,
    lineWidth: Double = 1
  ) {
    append(
      .ellipse(
        center: r.center, radii: Size(width: r.width / 2, height: r.height / 2),
        rotation: rotation, fill: fill, stroke: stroke, lineWidth: lineWidth))
  }

  package mutating func line(from a: Point, to b: Point, _ color: Color, width: Double = 1) {
    append(.polyline([a, b], closed: false, color: color, width: width))
  }

  package mutating func polyline(_ pts: [Point], _ color: Color, width: Double = 1, closed: Bool = false) {
    append(.polyline(pts, closed: closed, color: color, width: width))
  }

  package mutating func arrow(
    from a: Point, to b: Point, _ color: Color, width: Double = 1.5,
    headLength: Double = 8
  ) {
    append(.arrow(from: a, to: b, color: color, width: width, headLength: headLength))
  }

  package mutating func dashedLine(
    from a: Point, to b: Point, _ color: Color, width: Double = 1,
    dash: Double = 6, gap: Double = 4
  ) {
    append(.dashedLine(from: a, to: b, color: color, width: width, dash: dash, gap: gap))
  }

  package mutating func text(
    _ s: String, at p: Point, size: Double = 14, color: Color = Palette.text,
    alignment: TextAlignment = .topLeft
  ) {
    append(.text(s, at: p, size: size, color: color, alignment: alignment))
  }

  /// Every segment of `path`, each subpath as a polyline.
  package mutating func stroke(_ path: Path, _ color: Color, width: Double = 1) {
    for sub in path.subpaths where sub.points.count > 1 {
      append(.polyline(sub.points, closed: sub.isClosed, color: color, width: width))
    }
  }
}
