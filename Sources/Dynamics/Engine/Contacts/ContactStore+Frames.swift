/// The manifolds' frames (`ManifoldFrame`) live in `ContactStore.frames`, each contact naming its own
/// (`Contact.frameSlot`), rather than in the contact. The narrow phase writes every contact anew and
/// reads last pass's, but most manifolds are carried along, their frames unchanged: in place, a frame
/// is read once a pass and neither copied nor written. A computed manifold's frame is added at the
/// end; frames no contact names any longer are dropped by compacting, in contact order, once they
/// outnumber the contacts (the order keeps the narrow phase's reads of them nearly in sequence).
/// Reordering or dropping contacts (sleep, changes, boundaries) needs nothing here: the slot moves
/// with its contact.
extension ContactStore {
  /// Puts the frames of the manifolds the narrow phase just computed (in `slices` slices) in `frames`,
  /// and gives their contacts the slots. After the pass: its threads read `frames`.
  mutating func adoptNewFrames(slices: Int) {
    for k in 0..<slices where !foundBySlice[k].newFrames.isEmpty {
      let base = foundBySlice[k].base, first = frames.count
      frames.append(contentsOf: foundBySlice[k].newFrames)
      // Through a pointer: each subscript of the stored list checked it was uniquely referenced.
      list.withUnsafeMutableBufferPointer { list in
        for (i, contact) in foundBySlice[k].newFrameContacts.enumerated() {
          list[base + Int(contact)].frameSlot = Int32(first + i)
        }
      }
      framesAppended += foundBySlice[k].newFrames.count
    }
  }

  /// Once more frames are kept than contacts could name (twice as many, with room for a pass's new
  /// ones), or once the frames are out of sequence for about an eighth of the contacts, keeps only those
  /// of the contacts in `list`, in its order. Out of sequence: appended since the last time, or read out
  /// of order since the last sweep reordered the pairs, so the contacts (the boxes of a pyramid's column
  /// swap places in the sweep's order by a hair: `pairSwaps`, the sort's swaps, each about two frames
  /// out of place). On a 5,050-box pyramid, whose contacts fit in the cache, reading frames out of
  /// sequence cost three times what copying them with the contacts had; once its pairs were reordered,
  /// nearly half the frames were read out of order, each a wait for memory, a fifth of the narrow
  /// phase's time.
  mutating func compactFrames(pairSwaps: Int) {
    guard
      frames.count > 2 * list.count + ContactStore.spareFrameCount
        || framesAppended + 2 * pairSwaps > list.count / ContactStore.appendedFramesPerCompaction
    else { return }
    framesAppended = 0
    let kept = list.withUnsafeBufferPointer { list in list.reduce(0) { $0 + ($1.frameSlot >= 0 ? 1 : 0) } }
    // Room for the kept frames, each overwritten below: what the spare list holds already (the frames
    // of the last compaction) does, cut to length; blank frames only for the rest. Blanking them all
    // cost a third of compacting (a 5,050-box pyramid: 0.4 % of its step).
    if spareFrames.count > kept {
      spareFrames.removeSubrange(kept...)
    } else {
      spareFrames.append(contentsOf: repeatElement(ManifoldFrame(), count: kept - spareFrames.count))
    }
    // Through pointers: appended one by one, each frame was a uniqueness check (a call) and a copy more.
    withMutableBuffers(&list, &spareFrames) { list, spare in
      frames.withUnsafeBufferPointer { frames in
        var n = 0
        for k in list.indices where list[k].frameSlot >= 0 {
          spare[n] = frames[Int(list[k].frameSlot)]
          list[k].frameSlot = Int32(n)
          n += 1
        }
      }
    }
    swap(&frames, &spareFrames)
  }

  /// Frames beyond twice the contacts' count kept before compacting.
  static let spareFrameCount = 1024
  /// Compacting follows once more than the contacts' count over this many frames are out of sequence.
  static let appendedFramesPerCompaction = 8

  /// New boundary segments may have moved under the same keys: their contacts' manifolds are computed
  /// again.
  mutating func forgetBoundaryFrames() {
    for k in list.indices where list[k].bodyB < 0 { list[k].frameSlot = -1 }
  }
}
