/// The live session as a timeline: every frame's input since the window opened, a position in it, and
/// the stretch a person can scrub (the last `span` simulated seconds).
///
/// A position `p` names the state after the first `p` frames; position 0 is the scene as it was
/// made. Going back restores a snapshot and replays the frames after it (`Rewinder`): a scene is a
/// deterministic function of its input, so a snapshot and the frames are all a state needs
/// (docs/architecture.md, "Rewind"). Appending a frame at
/// an earlier position drops the old future first: what happens next is a new future.
///
/// A frame costs the bytes of its recording line and events, about 8 bytes when nothing happens,
/// so an hour at 60 frames a second is about 2 MB. The timeline stops taking frames at `byteBudget`;
/// from then on it can still seek, save and resume within what it holds, and says it is full.
package struct Timeline: Sendable {
  /// The recording's header: the scene, window size, seed and step the session started with.
  package let header: SessionRecording
  package private(set) var frames: [SessionRecording.Frame] = []
  /// The simulated time at each position, in steps: `stepsBefore[p]` steps lie before position p.
  private var stepsBefore: [Int] = [0]
  /// The bytes of each frame's recording text, so dropping a future gives its bytes back.
  private var frameBytes: [Int] = []
  /// The position shown: `frames.count` at the live end.
  package private(set) var position = 0
  package private(set) var bytes: Int
  package let byteBudget: Int
  /// Simulated seconds a person can scrub back from the end.
  package let span: Double
  /// True once a frame did not fit: the timeline keeps what it has and takes no more.
  package private(set) var isFull = false
  /// How many times a future was dropped: with the frame count, it names the timeline's contents.
  package private(set) var futuresDropped = 0

  /// The whole timeline's default budget: 64 MiB of input, about 30 hours of a still window.
  package static let defaultByteBudget = 64 << 20
  /// The last minute of simulated time is scrubbable.
  package static let defaultSpan = 60.0

  package init(header: SessionRecording, byteBudget: Int = defaultByteBudget, span: Double = defaultSpan) {
    precondition(byteBudget > 0, "Timeline byteBudget must be positive, got \(byteBudget)")
    precondition(span > 0 && span.isFinite, "Timeline span must be a positive number of seconds, got \(span)")
    var h = header
    h.frames.removeAll()
    h.finalDigest = nil
    self.header = h
    bytes = h.headerText.utf8.count
    self.byteBudget = byteBudget
    self.span = span
  }

  /// True when the position is the live end (nothing to drop when a frame comes).
  package var isAtEnd: Bool { position == frames.count }

  /// The simulated seconds before position `p`.
  package func time(at p: Int) -> Double { Double(stepsBefore[p]) * header.stepDuration }

  /// The positions a person can scrub to: those within `span` of the end's simulated time. Frames that
  /// took no step (paused) share their time with the one before, so each is still its own position.
  package var scrubbable: ClosedRange<Int> {
    let end = stepsBefore[frames.count]
    let spanSteps = Int((span / header.stepDuration).rounded())
    // The first position whose time is within the span of the end.
    var lo = 0, hi = frames.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if end - stepsBefore[mid] > spanSteps { lo = mid + 1 } else { hi = mid }
    }
    return lo...frames.count
  }

  /// Keeps one frame at the position, dropping every frame after it first; false (and nothing kept)
  /// when it does not fit the budget.
  @discardableResult package mutating func append(_ frame: SessionRecording.Frame) -> Bool {
    dropFuture()
    let size = SessionRecording.text(for: frame).utf8.count
    guard !isFull, bytes + size <= byteBudget else {
      isFull = true
      return false
    }
    frames.append(frame)
    frameBytes.append(size)
    stepsBefore.append(stepsBefore[stepsBefore.count - 1] + frame.steps)
    bytes += size
    position = frames.count
    return true
  }

  /// Forgets the frames after the position: resuming from an earlier frame starts a new future.
  package mutating func dropFuture() {
    guard position < frames.count else { return }
    bytes -= frameBytes[position...].reduce(0, +)
    frames.removeSubrange(position...)
    frameBytes.removeSubrange(position...)
    stepsBefore.removeSubrange((position + 1)...)
    isFull = false
    futuresDropped += 1
  }

  /// Moves the position (clamped to the scrubbable stretch); returns where it landed.
  @discardableResult package mutating func move(to p: Int) -> Int {
    position = min(max(p, scrubbable.lowerBound), scrubbable.upperBound)
    return position
  }

  /// The session from its start to position `end` as a recording that `hooke --replay` plays, ending
  /// on `digest` (the scene's state at `end`). A recording replays from a freshly made scene, so every
  /// range starts where the session did.
  /// - Precondition: `end` is a position of the timeline.
  package func recording(upTo end: Int, digest: UInt64?) -> SessionRecording {
    precondition(
      (0...frames.count).contains(end), "Timeline.recording(upTo:): position \(end) is outside 0...\(frames.count)")
    var r = header
    r.frames = Array(frames[..<end])
    r.finalDigest = digest
    return r
  }
}
