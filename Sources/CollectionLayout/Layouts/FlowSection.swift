import Geometry2D

/// The geometry of one flow-layout section, in axis-neutral terms: "main" is the scroll axis (y for a
/// vertical layout), "cross" the other. Plain values only: no per-item objects.
struct FlowSection {
  /// Main-axis start of the section (the header's leading edge) and end (after the footer).
  var start: Double
  var end: Double
  /// Main-axis extent of the header and footer (0 = none).
  var headerLength: Double
  var footerLength: Double
  var footerStart: Double
  var itemCount: Int
  var items: Items

  enum Items {
    case uniform(UniformGrid)
    case measured(MeasuredLines)
  }

  /// A section whose items all have one size: every frame is arithmetic.
  struct UniformGrid {
    var itemsStart: Double
    var itemMain: Double
    var itemCross: Double
    var perLine: Int
    var lineCount: Int
    /// Main-axis distance from one line to the next (item + line spacing).
    var linePitch: Double
    /// Cross position of the first column and the distance between columns (item + justified gap).
    var crossStart: Double
    var crossPitch: Double

    /// The (main, cross) origin of item `i`.
    func origin(of i: Int) -> (main: Double, cross: Double) {
      let line = i / perLine, column = i % perLine
      return (itemsStart + Double(line) * linePitch, crossStart + Double(column) * crossPitch)
    }
  }

  /// A section with sizes from the delegate: frames computed once in `prepare()`, lines indexed for
  /// binary search.
  struct MeasuredLines {
    /// Main-axis start and extent of each line.
    var lineStarts: [Double]
    var lineLengths: [Double]
    /// The first item of each line, with `itemCount` appended.
    var lineFirstItem: [Int]
    /// Per item: main, cross origin and main, cross size.
    var origins: [(main: Double, cross: Double)]
    var sizes: [(main: Double, cross: Double)]
  }
}
