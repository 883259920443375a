/// A scene's whole state at one moment, to put back later (`Scene.takeSnapshot()`): what lets a seek
/// restore a state a few dozen frames before its target and replay only the frames after it, instead of
/// re-simulating the session from its start (docs/architecture.md, "Rewind").
///
/// It restores the scene that took it, and nothing else: it holds that scene's objects (its animator,
/// behaviors, items, collection view) as they were, and puts back into them every value that decides
/// what the scene does next, so restoring and running the same input gives the same bits as never having
/// left. A scene that swapped an object for a new one since (a rebuilt animator) gets the old one back.
package struct SceneSnapshot {
  /// Puts the scene back in the state it was in.
  package let restore: () -> Void
  /// Roughly the memory the snapshot keeps alive beyond what the live scene holds, in bytes: what the
  /// timeline's snapshot budget counts.
  package let approximateBytes: Int

  package init(approximateBytes: Int, restore: @escaping () -> Void) {
    self.approximateBytes = approximateBytes
    self.restore = restore
  }
}
