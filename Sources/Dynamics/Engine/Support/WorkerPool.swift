import CPrefetch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The threads a step may use (`DynamicAnimator.workerCount`): the caller's and `count − 1` more.
///
/// A stage that can run in slices calls `forEachSlice(of:grain:_:)`: the work `0..<n` is cut into slices
/// of `grain` items, dealt in one part a thread; every thread takes the next slice of its part, then of
/// the others', until none is left, so a slow thread takes fewer. A slice must be computed as it would
/// be alone (no sum across slices, no order between them), so the result is the same bits for any
/// number of threads and any way the slices fall.
///
/// The extra threads are started the first time a session has a stage to share, and between sessions
/// they sleep on a condition variable (after lingering a tenth of a millisecond, for a next session
/// that follows at once): an animator at rest costs nothing. Inside a session (`session(_:)`, one
/// `advance(by:)`), from its first shared stage on, they spin between stages, as Box2D's workers do
/// within a step, because a stage lasts tens of microseconds and waking a sleeping thread takes as
/// long; after spinning a few microseconds they yield the core, so more workers than cores (a test's
/// four on two, or a machine busy with other work) still make progress.
final class WorkerPool {
  /// The machine's cores (at most `DynamicAnimator.maximumWorkerCount`).
  static var defaultCount: Int {
    Swift.min(Swift.max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1), DynamicAnimator.maximumWorkerCount)
  }

  /// An animator with fewer bodies steps on the caller's thread alone: its stages are too short to
  /// share. (Tests lower it, to run small scenes in slices.)
  var minimumBodies = 256
  /// When set, every stage is cut into slices of this many items whatever its own grain (tests set 1,
  /// to cut small scenes as finely as can be).
  var grainOverride: Int?

  /// Threads in all, the caller's included.
  let count: Int
  private let crew: Crew
  private var started = false
  /// The helpers spin, ready for stages (from the session's first shared stage to its end).
  private var isAwake = false
  /// Sessions nest (a step inside an `advance(by:)` that already opened one): only the outermost opens.
  private var depth = 0
  /// Per slice of an in-order stage, the mark of the stage that computed it.
  private var ready = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 0)
  private var readyCapacity = 0
  private var mark = 0

  init(count: Int) {
    self.count = count
    crew = Crew(helpers: count - 1)
  }

  deinit {
    crew.stop()
    ready.deinitialize(count: readyCapacity)
    ready.deallocate()
  }

  /// Runs `body` with the helpers spinning, ready for stages; they sleep again after it.
  /// The helpers are woken by the session's first stage with more than one slice, not by the session
  /// itself: an advance with nothing to share (a scene of closed-form springs, a world at rest) never
  /// wakes them.
  func session<R>(_ body: () -> R) -> R {
    guard count > 1 else { return body() }
    depth += 1
    defer {
      depth -= 1
      if depth == 0 && isAwake {
        isAwake = false
        crew.close()
      }
    }
    return body()
  }

  /// Wakes the helpers for the rest of the session (starting them the first time).
  @inline(__always) private func wakeHelpers() {
    guard !isAwake else { return }
    isAwake = true
    if !started {
      started = true
      crew.start()
    }
    crew.open()
  }

  /// Whether a stage now runs on more than one thread (a session is open and there are helpers).
  var isParallel: Bool { depth > 0 }

  /// The grain a stage asking for `grain` gets (`grainOverride`).
  @inline(__always) func grain(_ grain: Int) -> Int { grainOverride ?? grain }

  /// Calls `slice` on `0..<n` cut into ranges of `grain` items, on every thread of the session at once
  /// (in order on the caller's alone outside a session).
  func forEachSlice(of n: Int, grain: Int, _ slice: (Range<Int>) -> Void) {
    let grain = grainOverride ?? grain
    let slices = (n + grain - 1) / grain
    @inline(__always) func range(_ k: Int) -> Range<Int> { k * grain..<Swift.min(n, (k + 1) * grain) }
    guard depth > 0, slices > 1 else {
      for k in 0..<slices { slice(range(k)) }
      return
    }
    wakeHelpers()
    withoutActuallyEscaping(slice) { slice in
      crew.run(slices: slices) { k in slice(range(k)) }
    }
  }

  /// `forEachSlice`, with the caller also consuming the slices in order as they are done: it calls
  /// `consume(k)` for slice 0, 1, 2… each as soon as it is computed, computing slices itself while the
  /// next is not ready. A sequential step after a parallel one (adding the narrow phase's contacts)
  /// overlaps the computing instead of waiting for all of it. Outside a session, each slice is computed
  /// and consumed in turn.
  func forEachSlice(of n: Int, grain: Int, _ slice: (Range<Int>) -> Void, consumingInOrder consume: (Int) -> Void) {
    let grain = grainOverride ?? grain
    let slices = (n + grain - 1) / grain
    @inline(__always) func range(_ k: Int) -> Range<Int> { k * grain..<Swift.min(n, (k + 1) * grain) }
    guard depth > 0, slices > 1 else {
      for k in 0..<slices {
        slice(range(k))
        consume(k)
      }
      return
    }
    if readyCapacity < slices {
      ready.deallocate()
      readyCapacity = Swift.max(slices, 2 * readyCapacity)
      ready = .allocate(capacity: readyCapacity)
      for k in 0..<readyCapacity { (ready + k).initialize(to: Atomic(0)) }
    }
    wakeHelpers()
    // A slice is ready when its flag holds this stage's mark (no clearing between stages).
    mark &+= 1
    let (ready, mark) = (self.ready, self.mark)
    withoutActuallyEscaping(slice) { slice in
      crew.run(slices: slices, parts: 1) { k in
        slice(range(k))
        ready[k].store(mark, ordering: .releasing)
      } caller: { take in
        var next = 0, spins = 0
        while next < slices {
          if ready[next].load(ordering: .acquiring) == mark {
            consume(next)
            next += 1
          } else if !take() {
            Crew.pause(&spins)
          }
        }
      }
    }
  }

  /// `forEachSlice`, keeping each slice's result at its slice's index in `results` (resized, its
  /// capacity kept), so the caller combines them in slice order, however the threads took them. The
  /// slices are the same in and out of a session, so a combination that depends on order still gives
  /// the same bits.
  func mapSlices<T>(of n: Int, grain: Int, into results: inout [T], empty: T, _ slice: (Range<Int>) -> T) {
    let grain = grainOverride ?? grain
    let slices = (n + grain - 1) / grain
    results.resize(to: slices, with: empty)
    results.withUnsafeMutableBufferPointer { out in
      let out = out.baseAddress
      forEachSlice(of: n, grain: grain) { range in out.unsafelyUnwrapped[range.lowerBound / grain] = slice(range) }
    }
  }
}

/// The helper threads and what they share with the caller. Separate from `WorkerPool` so the threads
/// can hold it without keeping the pool (and its animator) alive.
///
/// A stage is done when all its slices are, not when every helper has looked in: a helper the system
/// has not scheduled (the machine busy with something else) is not waited for, and the caller takes
/// the slices itself. A helper joins a stage (`gate` counts it in) only while the stage is open; the
/// caller closes it when no slice is left to take and waits only for the helpers inside, which are
/// running and finish the slices they took before they leave.
///
/// A stage's slices are dealt in parts, one a thread (the caller's first), each with its own counter on
/// its own cache line: a thread takes its part's slices without touching a line another thread writes,
/// then takes what is left of the others'. One shared counter, and a shared count of slices done,
/// moved their cache line between the cores at every slice: on a 5,050-box pyramid (71 stages a frame,
/// 20 slices each) that cost more than the stages' imbalance.
private final class Crew: @unchecked Sendable {
  let helpers: Int
  /// The stage's number (high 32 bits), whether it is closed (bit 31) and how many helpers are in it.
  let gate = Atomic<UInt64>(0)
  /// A session is open: helpers spin while true; while false they linger a while, then sleep.
  let isOpen = Atomic<Bool>(false)
  let isStopping = Atomic<Bool>(false)
  /// Hands each helper its part's number as it starts (the caller's is 0).
  let nextHelper = Atomic<Int>(1)
  /// Helpers asleep, or about to be (`open` wakes them only if there are any).
  let sleepers = Atomic<Int>(0)
  /// Per part, the next slice to take, `Crew.stride` counters apart (a cache line pair each).
  private let next: UnsafeMutablePointer<Atomic<Int>>
  /// Per part, the end of its slices; written before the stage opens (release), read after joining.
  private let ends: UnsafeMutablePointer<Int>
  /// The current stage's work and part count, written before the stage opens (release) and read by a
  /// helper after it joined (acquire).
  /// (Not optional: `Optional.unsafelyUnwrapped`, generic, handed the helper the closure through a
  /// thunk it allocated at every stage.)
  nonisolated(unsafe) var work: (Int) -> Void = Crew.idle
  nonisolated(unsafe) var parts = 0
  private var stage: UInt64 = 0
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var threads: [pthread_t] = []
  private static let closed: UInt64 = 1 << 31
  /// Counters between two parts' (128 bytes: a pair of cache lines, which some cores fetch together).
  private static let stride = 16

  init(helpers: Int) {
    self.helpers = helpers
    gate.store(Crew.closed, ordering: .relaxed)
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: (helpers + 1) * Crew.stride * MemoryLayout<Int>.stride, alignment: 128)
    next = raw.bindMemory(to: Atomic<Int>.self, capacity: (helpers + 1) * Crew.stride)
    for t in 0...helpers { (next + t * Crew.stride).initialize(to: Atomic(0)) }
    ends = .allocate(capacity: helpers + 1)
    ends.initialize(repeating: 0, count: helpers + 1)
    pthread_mutex_init(lock, nil)
    pthread_cond_init(wake, nil)
  }

  deinit {
    pthread_cond_destroy(wake)
    pthread_mutex_destroy(lock)
    lock.deallocate()
    wake.deallocate()
    for t in 0...helpers { (next + t * Crew.stride).deinitialize(count: 1) }
    UnsafeMutableRawPointer(next).deallocate()
    ends.deallocate()
  }

  func start() {
    for _ in 0..<helpers {
      var thread = pthread_t()
      let context = Unmanaged.passRetained(self).toOpaque()
      let made = pthread_create(
        &thread, nil,
        { context in
          let crew = Unmanaged<Crew>.fromOpaque(context!).takeRetainedValue()
          crew.serve()
          return nil
        }, context)
      precondition(made == 0, "WorkerPool: could not start a worker thread (pthread_create returned \(made))")
      threads.append(thread)
    }
  }

  /// Opens a session. Helpers still lingering from the last one see it without a call to the system;
  /// the lock and the broadcast are for those asleep. (Both sides order their write before their read,
  /// sequentially consistent: either the opener sees a sleeper, or the sleeper sees the session open.)
  func open() {
    isOpen.store(true, ordering: .sequentiallyConsistent)
    guard sleepers.load(ordering: .sequentiallyConsistent) > 0 else { return }
    pthread_mutex_lock(lock)
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(lock)
  }

  func close() { isOpen.store(false, ordering: .releasing) }

  /// Ends the helpers (the pool is gone) and waits for them.
  func stop() {
    pthread_mutex_lock(lock)
    isStopping.store(true, ordering: .releasing)
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(lock)
    for t in threads { pthread_join(t, nil) }
    threads.removeAll()
  }

  /// The work between stages (none).
  static func idle(_: Int) {}

  /// Runs one stage of `slices` slices on the caller and whichever helpers join; returns when all are
  /// done and no helper is still inside.
  func run(slices: Int, _ body: @escaping (Int) -> Void) {
    run(slices: slices, parts: Swift.min(slices, helpers + 1), body) { take in while take() {} }
  }

  /// `run`, with the caller doing `caller` instead of taking slices until none is left; `caller` is
  /// given a function that takes and computes one slice (false when none is left). The slices are
  /// dealt in `parts` parts (one: every thread takes them in order).
  func run(slices: Int, parts: Int, _ body: @escaping (Int) -> Void, caller: ((() -> Bool)) -> Void) {
    work = body
    self.parts = parts
    for p in 0..<parts {
      next[p * Crew.stride].store(p * slices / parts, ordering: .relaxed)
      ends[p] = (p + 1) * slices / parts
    }
    stage += 1
    gate.store(stage << 32, ordering: .releasing)
    caller { self.takeSlice(body, part: 0) }
    // No slice is left to take. Close the stage; then wait for the helpers inside to finish the
    // slices they took and leave.
    var g = gate.load(ordering: .relaxed)
    while true {
      let (swapped, now) = gate.compareExchange(
        expected: g, desired: g | Crew.closed, ordering: .acquiringAndReleasing)
      if swapped { break }
      g = now
    }
    var spins = 0
    while gate.load(ordering: .acquiring) & 0x7FFF_FFFF != 0 { Crew.pause(&spins) }
    work = Crew.idle
  }

  private func takeSlices(part: Int) {
    let body = work
    while takeSlice(body, part: part) {}
  }

  /// Takes and computes the next slice, of part `own` while it has one, else of the others in turn;
  /// false when none is left.
  @inline(__always) private func takeSlice(_ body: (Int) -> Void, part own: Int) -> Bool {
    let n = parts
    var p = own % n
    for _ in 0..<n {
      let counter = next + p * Crew.stride
      let end = ends[p]
      // A glance first: an exhausted part's line is only read, not written, by the threads passing by.
      if counter.pointee.load(ordering: .relaxed) < end {
        // Wrapping: `add` checks for overflow, which made it a compare-and-swap loop.
        let k = counter.pointee.wrappingAdd(1, ordering: .relaxed).oldValue
        if k < end {
          body(k)
          return true
        }
      }
      p = p + 1 == n ? 0 : p + 1
    }
    return false
  }

  /// A helper's life: wait for an open stage it has not seen (spinning while a session is open, asleep
  /// otherwise), join it, take its slices, leave.
  private func serve() {
    let part = nextHelper.add(1, ordering: .relaxed).oldValue
    var seen: UInt64 = 0
    var spins = 0
    // When this helper saw the session close (0: open, or not seen closing yet).
    var closedAt = 0
    while true {
      let g = gate.load(ordering: .acquiring)
      if g >> 32 != seen && g & Crew.closed == 0 {
        let (joined, _) = gate.compareExchange(expected: g, desired: g + 1, ordering: .acquiringAndReleasing)
        guard joined else { continue }
        seen = g >> 32
        takeSlices(part: part)
        gate.subtract(1, ordering: .releasing)
        spins = 0
        continue
      }
      if isStopping.load(ordering: .acquiring) { return }
      if !isOpen.load(ordering: .acquiring) {
        // Between sessions: a while spinning, for the next (an app stepping twice a frame, a
        // benchmark's frames back to back), then asleep.
        if closedAt == 0 {
          closedAt = Crew.now()
        } else if spins & 63 == 0 && Crew.now() - closedAt > Crew.linger {
          sleep()
          closedAt = 0
          spins = 0
          continue
        }
      } else {
        closedAt = 0
      }
      Crew.pause(&spins)
    }
  }

  /// Sleeps until a session opens (or the pool stops).
  private func sleep() {
    pthread_mutex_lock(lock)
    sleepers.add(1, ordering: .sequentiallyConsistent)
    while !isOpen.load(ordering: .sequentiallyConsistent) && !isStopping.load(ordering: .acquiring) {
      pthread_cond_wait(wake, lock)
    }
    sleepers.subtract(1, ordering: .relaxed)
    pthread_mutex_unlock(lock)
  }

  /// How long a helper spins after a session before it sleeps, in nanoseconds: waking a sleeping
  /// thread took tens of microseconds, at every frame of a benchmark.
  static let linger = 100_000

  /// The monotonic clock, in nanoseconds.
  @inline(__always) static func now() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec * 1_000_000_000 + t.tv_nsec
  }

  /// A short spin (a few microseconds, what a stage takes to open after the last), then yielding the
  /// core: a waiting thread must not starve a working one when there are more threads than cores, or
  /// the machine is busy and two of the pool's threads share one.
  @inline(__always) static func pause(_ spins: inout Int) {
    spins += 1
    if spins > Crew.spinLimit { sched_yield() } else { hooke_spin_pause() }
  }

  /// Spins before yielding: a pause is about 25 ns (a yield about a microsecond, when no other thread
  /// waits for the core).
  static let spinLimit = 256
}
