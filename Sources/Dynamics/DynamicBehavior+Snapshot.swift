/// A behavior's part of a `DynamicAnimator.Snapshot`: its place in the tree, what the animator
/// registered for it, and its subclass's settings.
extension DynamicBehavior {
  /// A class: a snapshot holds one a behavior, and a restore walks them all; copying one is then a
  /// retain, not one per field.
  final class SavedSetup {
    let childBehaviors: [DynamicBehavior]
    weak var parent: DynamicBehavior?
    let isInAnimator: Bool
    let action: (() -> Void)?
    let isRegistered: Bool
    let registeredItems: [any DynamicItem]
    let bodyIndices: [Int32]
    let registeredAsForce: Bool
    let needsItemSync: Bool
    let needsContributionSync: Bool
    let flatOrder: Int
    let jointHandle: JointHandle?
    let collisionBit: Int32
    let itemList: ItemList
    let settings: Any?

    init(
      childBehaviors: [DynamicBehavior], parent: DynamicBehavior?, isInAnimator: Bool, action: (() -> Void)?,
      isRegistered: Bool, registeredItems: [any DynamicItem], bodyIndices: [Int32], registeredAsForce: Bool,
      needsItemSync: Bool, needsContributionSync: Bool, flatOrder: Int, jointHandle: JointHandle?,
      collisionBit: Int32, itemList: ItemList, settings: Any?
    ) {
      (self.childBehaviors, self.parent, self.isInAnimator, self.action) = (
        childBehaviors, parent, isInAnimator, action
      )
      (self.isRegistered, self.registeredItems, self.bodyIndices) = (isRegistered, registeredItems, bodyIndices)
      (self.registeredAsForce, self.needsItemSync, self.needsContributionSync) =
        (registeredAsForce, needsItemSync, needsContributionSync)
      (self.flatOrder, self.jointHandle, self.collisionBit) = (flatOrder, jointHandle, collisionBit)
      (self.itemList, self.settings) = (itemList, settings)
    }
  }

  func saveSetup() -> SavedSetup {
    SavedSetup(
      childBehaviors: childBehaviors, parent: parent, isInAnimator: dynamicAnimator != nil, action: action,
      isRegistered: isRegistered, registeredItems: registeredItems, bodyIndices: bodyIndices,
      registeredAsForce: registeredAsForce, needsItemSync: needsItemSync,
      needsContributionSync: needsContributionSync, flatOrder: flatOrder, jointHandle: jointHandle,
      collisionBit: collisionBit, itemList: itemList, settings: savedSettings)
  }

  /// Puts the behavior back as saved, in `animator` when it was in one then. The settings go first:
  /// their setters set the flags below, which are then put back.
  func restoreSetup(_ s: SavedSetup, in animator: DynamicAnimator) {
    // Out of any animator while the settings go back, so their setters reach none.
    dynamicAnimator = nil
    if let settings = s.settings { restoreSettings(settings) }
    childBehaviors = s.childBehaviors
    parent = s.parent
    dynamicAnimator = s.isInAnimator ? animator : nil
    // The action's setter would ask for a list update; the tables restored after hold the lists.
    let listener = dynamicAnimator
    dynamicAnimator = nil
    action = s.action
    dynamicAnimator = listener
    isRegistered = s.isRegistered
    registeredItems = s.registeredItems
    bodyIndices = s.bodyIndices
    registeredAsForce = s.registeredAsForce
    needsItemSync = s.needsItemSync
    needsContributionSync = s.needsContributionSync
    flatOrder = s.flatOrder
    jointHandle = s.jointHandle
    collisionBit = s.collisionBit
    itemList = s.itemList
  }

  /// Out of the animator, as a behavior that was never added: for one a restored snapshot does not
  /// name (its registration lived in the tables the snapshot replaces).
  func forgetAnimator() {
    dynamicAnimator = nil
    isRegistered = false
    registeredItems = []
    bodyIndices = []
    registeredAsForce = false
    needsItemSync = false
    needsContributionSync = false
    jointHandle = nil
    collisionBit = -1
  }
}
