/// The names a port from UIKit writes, without the `UI` prefix, for the types that are named shorter here.

/// UICollectionViewLayoutAttributes.
public typealias CollectionViewLayoutAttributes = LayoutAttributes
/// UICollectionViewFlowLayout.
public typealias CollectionViewFlowLayout = FlowLayout
/// UICollectionViewFlowLayoutInvalidationContext.
public typealias CollectionViewFlowLayoutInvalidationContext = FlowLayoutInvalidationContext
/// UICollectionViewTransitionLayout.
public typealias CollectionViewTransitionLayout = TransitionLayout
/// UICollectionReusableView.
public typealias CollectionReusableView = ReusableView
