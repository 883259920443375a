/// The session so far, kept in memory as `--record` would have written it, so that `W` can save it as
/// a recording after the fact: the moment worth keeping is usually noticed only once it happened.
///
/// It starts where the window started (a recording replays from a fresh scene, so it cannot start
/// later without a saved state of every scene to start from) and holds every frame's events and
/// steps: a few bytes a frame, about 2 MB for an hour at 60 frames a second with no input. It stops
/// growing at `byteBudget`, the largest recording a replay reads; what it saved then replays up to
/// there, with no final digest to check.
package struct SessionHistory: Sendable {
  package private(set) var recording: SessionRecording
  /// The size of the recording's text so far.
  package private(set) var bytes: Int
  package let byteBudget: Int
  /// True once a frame did not fit in the budget: nothing after it is kept.
  package private(set) var isFull = false

  package init(header: SessionRecording, byteBudget: Int = SessionRecordingLimits.maximumFileSize) {
    recording = header
    recording.frames.removeAll()
    recording.finalDigest = nil
    bytes = header.headerText.utf8.count
    self.byteBudget = byteBudget
  }

  /// Keeps one frame, unless the budget is spent.
  package mutating func append(_ frame: SessionRecording.Frame) {
    guard !isFull else { return }
    let size = SessionRecording.text(for: frame).utf8.count
    guard bytes + size <= byteBudget else {
      isFull = true
      return
    }
    recording.frames.append(frame)
    bytes += size
  }

  /// The recording's text, ending on `digest` (the scene's state after the last frame) when all of
  /// the session was kept.
  package func text(digest: UInt64) -> String {
    var r = recording
    r.finalDigest = isFull ? nil : digest
    return r.serialized()
  }
}
