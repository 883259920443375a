import Dynamics

/// One element on a spring in a physics layout: the attributes the animator moves and the attachment
/// that holds them to their flow-layout position (the anchor).
public struct LayoutSpring {
  /// The attributes the animator moves.
  public let attributes: LayoutAttributes
  /// The attachment holding them to their anchor, the flow-layout position.
  public let attachment: AttachmentBehavior
}
