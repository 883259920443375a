extension CollectionViewLayout {
  /// Steps the dynamic animators made with `DynamicAnimator(collectionViewLayout: self)` that still
  /// exist; each invalidates the layout if anything moved. Returns whether anything moved.
  @discardableResult
  func advanceDynamicAnimators(by seconds: Double) -> Bool {
    animatorLinks.removeAll { $0.animator == nil }
    var moved = false
    for link in animatorLinks where link.advance(by: seconds) { moved = true }
    return moved
  }
}
