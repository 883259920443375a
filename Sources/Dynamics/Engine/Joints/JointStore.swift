/// The joints: per id (`JointHandle`) the row its behavior asked for and where it is placed, and the two
/// places a joint can be solved — the solver's rows, in creation order, with the order they are solved
/// in (`JointStore+SolveOrder`), and the closed-form anchor springs — with what keeps each in step: the springs' pending steps, the rigid
/// anchors the user is moving, and the energy watch's scratch.
struct JointStore {
  /// The solver rows and each row's joint id.
  var rows: [JointRow] = []
  var rowIDs: [Int32] = []
  /// Per row: a distance or point spring's exact pass coefficients, set when the rows are linked; nil
  /// for the other rows, the snap kind and springs the exact map does not suit (they keep Box2D's soft
  /// step, `JointPass.terms`, in the biased pass only). Beside the rows, not in them: few rows have
  /// them, and in every row they would make the passes' walk over the rows a third longer.
  var exactSprings: [ExactSpringTerms?] = []
  /// The rows' indices in the order the solver passes take them (by colour), and whether it must be
  /// worked out again before the next pass (rows or bodies changed).
  var solveOrder: [Int32] = []
  /// Where each group of `solveOrder` starts: the overflow's (0), then each colour's, then the end.
  var colourStarts: [Int] = [0, 0]
  var solveOrderIsStale = true
  /// Per moving body, its rows (for the warm start on the pool's threads), and the scratch of the
  /// passes on the pool's threads.
  var bodyRows = JointBodyRows()
  var sliceScratch = JointSliceScratch()
  /// The closed-form anchor springs and each one's joint id.
  var springs: [AnchorSpring] = []
  var springIDs: [Int32] = []
  var slots = SlotTable()
  /// Per id: the row its behavior asked for, where it is placed, and the step count when it was made.
  var specs: [JointRow] = []
  var places: [JointPlace] = []
  var birthSteps: [Int] = []
  /// Joints created or changed since the last `finishChanges()`, to place, in that order.
  var toPlace: [Int32] = []
  /// Rows with exact spring terms (`hasExactSprings` is this above zero).
  var exactSpringRowCount = 0
  var hasExactSprings = false
  /// Steps the unforced springs have not been given yet, and their smallest rest time when last given;
  /// whether any spring is forced or free, and how many are forced.
  var pendingSpringSteps = 0
  var freeSpringSleep = Double.infinity
  var hasForcedSprings = false, hasFreeSprings = false
  var forcedSpringCount = 0
  /// Rigid rows whose world anchor is travelling to where the user moved it.
  var movingAnchors: [Int32] = []
  /// Moves of rigid world anchors waiting for the next advance.
  var anchorMoves: [AnchorMove] = []
  /// The energy watch's grouping by the rows alone, and whether it must be worked out again
  /// (`JointStore+RowGroups`).
  var rowGroups = RowGroups()
  var rowGroupsAreStale = true
  /// Scratch for keeping joint groups from gaining energy in the solve.
  var energy = JointEnergyScratch()
  /// Softness of rigid rows' position correction, and of a dragged rigid row's.
  let softness: Softness
  let dragSoftness: Softness
  /// The world's fixed step, in seconds.
  let h: Double

  init(h: Double) {
    self.h = h
    softness = Softness(hertz: PhysicsWorld.jointHertz, zeta: PhysicsWorld.jointZeta, h: h)
    dragSoftness = Softness(hertz: PhysicsWorld.dragHertz, zeta: PhysicsWorld.dragZeta, h: h)
  }
}
