/// An animation of a collection view's elements between two states: a batch update or an animated
/// layout change. Elements that stay on screen move from their `from` attributes to wherever the layout
/// puts them now; leaving elements move to fixed final attributes and are recycled at the end.
struct ElementAnimation {
  struct Leaving {
    var key: ElementKey
    var from: LayoutAttributes
    var to: LayoutAttributes
    var view: ReusableView
  }

  var elapsed = 0.0
  /// Seconds.
  var duration: Double
  /// New element → where it starts.
  var starts: [ElementKey: LayoutAttributes]
  var leaving: [Leaving]
  var completions: [(Bool) -> Void]

  /// Ease-in-out progress 0…1 (UIKit animates updates with an ease-in-out curve).
  var progress: Double {
    guard duration > 0 else { return 1 }
    let t = Swift.min(1, elapsed / duration)
    return t * t * (3 - 2 * t)
  }

  var isFinished: Bool { elapsed >= duration }
}
