import CPrefetch

/// The last few contacts a slice of the narrow phase made, and the frames of those whose manifold it
/// computed (with their contacts' places in the slice), held in small buffers (lent by the slice, on the
/// stack) until they join the slice's lists together.
///
/// Appended to the list one by one, a contact's fields, computed before the list's uniqueness check (a
/// call, which keeps no value in a register), were spilled to the stack around it and read back to be
/// copied: a fifth of making a carried-along contact. Here they are written straight to the buffer, and
/// the list is checked and grown once a batch. The frames likewise: appended one by one to their two
/// lists, each was two such calls (a falling pile: about seventy instructions a manifold computed).
///
/// While the slice's window (`ContactWindow`) has room for a whole batch, the contacts are written
/// straight into it, not into the buffer: copied from the buffer, every contact crossed memory twice
/// (a resting pyramid: 2 % of the frame in the copy).
struct ContactStaging {
  /// The lent buffer, and where the batch's contacts are written: the buffer, or the window's room
  /// (`direct`).
  private var buffer: UnsafeMutablePointer<Contact>?
  private var target: UnsafeMutablePointer<Contact>?
  private var direct = false
  private var frames: UnsafeMutablePointer<ManifoldFrame>?
  private var frameContacts: UnsafeMutablePointer<Int32>?
  /// Body A of each staged contact (`FoundContacts.bodiesA`), and its predecessor (for
  /// `FoundContacts.run`), noted as it is staged and taken in at the flush, a batch at a time.
  private var bodiesA: UnsafeMutablePointer<Int32>?
  private var previous: UnsafeMutablePointer<Int32>?
  private(set) var count = 0
  private var frameCount = 0
  /// Where the list's next contacts will go when the staged ones join it (nil: not known yet).
  private var destination: UnsafeMutableRawPointer?

  /// Contacts the buffer holds, and frames (a contact has one at most).
  static let capacity = 32

  /// No buffers: between slices.
  init() { (buffer, target, frames, frameContacts, bodiesA, previous) = (nil, nil, nil, nil, nil, nil) }

  /// Staging into `buffer`, `frames` and `frameContacts`, which hold `capacity` each (`frameContacts`
  /// three times that: the staged contacts' bodies and predecessors follow).
  init(
    buffer: UnsafeMutablePointer<Contact>, frames: UnsafeMutablePointer<ManifoldFrame>,
    frameContacts: UnsafeMutablePointer<Int32>
  ) {
    (self.buffer, self.frames, self.frameContacts) = (buffer, frames, frameContacts)
    target = buffer
    bodiesA = frameContacts + ContactStaging.capacity
    previous = frameContacts + 2 * ContactStaging.capacity
  }

  var isFull: Bool { count == ContactStaging.capacity }

  /// Stages `c`, whose predecessor is `old` (there is room: `isFull` was checked before the contact
  /// was made).
  @inline(__always) mutating func add(_ c: Contact, previous old: Int32) {
    (target.unsafelyUnwrapped + count).initialize(to: c)
    bodiesA.unsafelyUnwrapped[count] = c.bodyA
    previous.unsafelyUnwrapped[count] = old
    if let destination { ContactStaging.prefetchPlace(destination, direct ? count &+ ContactStaging.ahead : count) }
    count &+= 1
  }

  /// How many contacts ahead a batch written into its window asks for the lines it will write.
  static let ahead = 4

  /// Asks the cache for the lines contact `k` of a batch will be copied or written to: the list's spare
  /// capacity is cold (last written a pass ago), and copied into in a burst each line was a wait.
  @inline(__always) static func prefetchPlace(_ destination: UnsafeMutableRawPointer, _ k: Int) {
    let start = destination + k &* MemoryLayout<Contact>.stride
    var offset = 0
    while offset < MemoryLayout<Contact>.stride {
      hooke_prefetch_for_write(start + offset)
      offset &+= 64
    }
  }

  /// Stages `frame`, of the slice's contact `contact` (there is room: one frame a contact at most).
  @inline(__always) mutating func addFrame(_ frame: ManifoldFrame, contact: Int32) {
    (frames.unsafelyUnwrapped + frameCount).initialize(to: frame)
    frameContacts.unsafelyUnwrapped[frameCount] = contact
    frameCount &+= 1
  }

  /// Moves the staged contacts into `window` as far as it has room, appends the rest to `list`, their
  /// bodies A to `bodiesA` and their predecessors to `run`, appends the staged frames to `frameList`
  /// (their contacts' places to `frameContactList`), in order, and empties the buffers.
  mutating func flush(
    into list: inout [Contact], window: inout ContactWindow, bodiesA: inout [Int32], run: inout SuccessionRun,
    _ frameList: inout [ManifoldFrame], _ frameContactList: inout [Int32]
  ) {
    if count > 0 {
      for k in 0..<count { run.note(previous.unsafelyUnwrapped[k]) }
      // The next pass indexes these contacts by body from these (`ContactStore.indexPreviousContacts`).
      bodiesA.append(contentsOf: UnsafeBufferPointer(start: self.bodiesA, count: count))
      if direct {
        window.filled &+= count
      } else {
        var first = 0
        if let start = window.start, list.isEmpty {
          first = Swift.min(count, window.capacity &- window.filled)
          (start + window.filled).initialize(from: buffer.unsafelyUnwrapped, count: first)
          window.filled &+= first
        }
        if first < count {
          list.append(contentsOf: UnsafeBufferPointer(start: buffer.unsafelyUnwrapped + first, count: count - first))
        }
      }
      count = 0
    }
    aim(list: list, window: window)
    if frameCount > 0 {
      frameList.append(contentsOf: UnsafeBufferPointer(start: frames, count: frameCount))
      frameContactList.append(contentsOf: UnsafeBufferPointer(start: frameContacts, count: frameCount))
      frameCount = 0
    }
  }

  /// Chooses where the next batch goes: straight into the window while it has room for a whole batch
  /// and no contact went to the slice's list yet; else into the buffer, the cache asked for the place
  /// it will be copied to while the window or the list has room for it (a list about to grow moves
  /// anyway).
  mutating func aim(list: [Contact], window: ContactWindow) {
    if list.isEmpty, let room = window.room(for: ContactStaging.capacity) {
      (target, direct, destination) = (room, true, UnsafeMutableRawPointer(room))
      return
    }
    (target, direct) = (buffer, false)
    destination =
      list.capacity - list.count >= ContactStaging.capacity
      ? list.withUnsafeBufferPointer { UnsafeMutableRawPointer(mutating: $0.baseAddress.unsafelyUnwrapped + $0.count) }
      : nil
  }
}

extension FoundContacts {
  /// Makes room for one more contact, before it is made.
  @inline(__always) mutating func makeRoom() {
    if staging.isFull {
      staging.flush(
        into: &contacts, window: &window, bodiesA: &bodiesA, run: &run, &newFrames, &newFrameContacts)
    }
  }

  /// Appends what is staged and lets go of the buffer (the slice is over).
  mutating func flushStaging() {
    staging.flush(
      into: &contacts, window: &window, bodiesA: &bodiesA, run: &run, &newFrames, &newFrameContacts)
    staging = ContactStaging()
  }
}
