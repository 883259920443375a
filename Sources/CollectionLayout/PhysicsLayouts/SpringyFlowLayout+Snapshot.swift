import Dynamics
import Geometry2D

/// The springy flow layout's part of a snapshot: its settings, its springs by element with the tiling
/// that placed them, and its animator's whole state (springs added and dropped since come and go back).
struct SpringyFlowLayoutState {
  var settings: (length: Double, damping: Double, frequency: Double, resistance: Double, margin: Double)
  var tiling: (enabled: Bool, axisOnly: Bool)
  var latestDelta: Vector
  var tilingRect: Rect
  var springSet: LayoutSpringSet
  var flags: (anchorsAreStale: Bool, needsRetile: Bool, anchoredRevision: Int)
  var animator: DynamicAnimator.Snapshot
}

extension SpringyFlowLayout {
  func saveSpringyState(_ attributes: inout SavedAttributes) -> SpringyFlowLayoutState {
    springSet.forEachUnordered { attributes.add($0.attributes) }
    let animator = dynamicAnimator.takeSnapshot()
    attributes.otherBytes += animator.approximateBytes
    return SpringyFlowLayoutState(
      settings: (springLength, springDamping, springFrequency, scrollResistance, tilingMargin),
      tiling: (isTilingEnabled, springsAlongScrollAxisOnly), latestDelta: latestDelta, tilingRect: tilingRect,
      springSet: springSet, flags: (anchorsAreStale, needsRetile, anchoredRevision),
      animator: animator)
  }

  /// The settings, each set only when it differs (their setters change every spring and retile; what
  /// is restored after puts that back).
  func restoreSpringySettings(_ s: SpringyFlowLayoutState) {
    let (length, damping, frequency, resistance, margin) = s.settings
    if springLength != length { springLength = length }
    if springDamping != damping { springDamping = damping }
    if springFrequency != frequency { springFrequency = frequency }
    scrollResistance = resistance
    if tilingMargin != margin { tilingMargin = margin }
    if isTilingEnabled != s.tiling.enabled { isTilingEnabled = s.tiling.enabled }
    springsAlongScrollAxisOnly = s.tiling.axisOnly
  }

  func restoreSpringyState(_ s: SpringyFlowLayoutState) {
    (latestDelta, tilingRect, springSet) = (s.latestDelta, s.tilingRect, s.springSet)
    (anchorsAreStale, needsRetile, anchoredRevision) = s.flags
    dynamicAnimator.restore(s.animator)
  }
}
