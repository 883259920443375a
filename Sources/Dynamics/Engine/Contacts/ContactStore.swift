/// The contacts and everything that lives by them: this collision pass's contacts and the last one's
/// (matched by key for warm starting and events), the solver rows built from the awake ones, the impact
/// pass's scratch, the events for the delegates, and the step's wall contacts and fast bodies.
struct ContactStore {
  /// `list[0..<awakeCount]` involve an awake body and are solved; the rest belong to sleeping islands.
  var list: [Contact] = []
  var awakeCount = 0
  var previous: [Contact] = []
  /// Per-body lists of `previous` by body A (head per body, next per contact): the collision pass finds
  /// a new contact's predecessor by walking its body's short list, no hashing.
  var previousHead: [Int32] = []
  var previousNext: [Int32] = []
  /// The rows of the awake contacts.
  var solver = ContactSolver()
  /// The impact pass and its scratch.
  var impacts = ImpactSolver()
  var events: [ContactEvent] = []
  /// Indices in `list` of the awake contacts with boundary segments, for the wall hold.
  var wallContacts: [Int32] = []
  /// The bodies `integratePositions` found fast this step, with where they started it, for the
  /// continuous pass (scratch, kept between steps).
  var fastBodies: [FastBody] = []
  /// Bodies were destroyed or lost their shapes: their contacts leave at the end of the batch of changes.
  var needsFilter = false
  /// Softness of contacts between moving bodies, and against immovable ones (stiffer).
  let softness: Softness
  let staticSoftness: Softness

  init(h: Double) {
    softness = Softness(hertz: PhysicsWorld.contactHertz, zeta: PhysicsWorld.contactZeta, h: h)
    staticSoftness = Softness(hertz: 2 * PhysicsWorld.contactHertz, zeta: PhysicsWorld.contactZeta, h: h)
  }
}
