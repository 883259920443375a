import Dynamics

/// One element on a spring in a physics layout: the attributes the animator moves and the attachment
/// that holds them to their flow-layout position (the anchor).
public struct LayoutSpring {
  public let attributes: LayoutAttributes
  public let attachment: AttachmentBehavior
}
