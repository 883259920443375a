/// What a recording may hold, checked line by line when one is read: the ranges of what the app itself
/// writes, wide enough for any real session (a drag far outside the window, a long frame), narrow
/// enough that a replay cannot hand a scene a non-finite or overflowing number.
package enum SessionRecordingLimits {
  /// A window side in points, as `--size` takes it.
  package static let side: ClosedRange<Double> = 16...8192
  /// A window side in a resize event: a live window can be dragged smaller than `--size` allows (or
  /// report 0 while minimised), and a replay must reproduce what the scene saw.
  package static let resizedSide: ClosedRange<Double> = 0...16_384
  /// Seconds per fixed step.
  package static let step: ClosedRange<Double> = 0.0001...0.1
  /// Simulated seconds one frame may advance (the app's clock gives at most a tenth of a second).
  package static let frameSeconds = 1.0
  /// A pointer position or motion in points: far beyond any screen, far from overflow.
  package static let coordinate: ClosedRange<Double> = -1_000_000...1_000_000
  /// A wheel's precise delta (in lines) or notch count.
  package static let wheel: ClosedRange<Double> = -10_000...10_000
  /// A pinch's zoom factor in one event: a gesture reports a few per cent a frame, and a factor near 0
  /// or infinity would mean nothing to a camera.
  package static let pinchScale: ClosedRange<Double> = 0.01...100
  package static let clickCount: ClosedRange<Int> = 0...255
  /// Bytes read from a recording at most (hours of input).
  package static let maximumFileSize = 256 << 20
}
