/// How a scroll view moves: the fling, the overscroll, the spring that brings it back and the wheel.
///
/// A value type so a tuning panel can switch presets live (`scrollView.physics = .flutterBouncing`).
/// Each case's doc gives its formula and constants and whose they are (UIKit, Flutter, Android).
public struct ScrollPhysics: Hashable, Sendable {
  /// What happens to a released scroll view's velocity.
  public enum Fling: Hashable, Sendable {
    /// UIScrollView's rule: the velocity is multiplied by the scroll view's `decelerationRate` every
    /// millisecond, so a fling at v pt/s travels v·d/(1000·(1−d)) points. Flutter's friction simulation
    /// with drag 0.135/s (= 0.998^1000) is the same curve.
    case exponential
    /// Android's OverScroller spline as Flutter's ClampingScrollSimulation makes it ballistic:
    /// x(t) = x0 + D·(1 − (1 − t/T)^2.358), T = 2.358·0.35·(|v|/2224)^(1/1.358) s, D = v·T/2.358.
    case androidSpline
  }

  /// What a drag does past the content edge.
  public enum Overscroll: Hashable, Sendable {
    /// iOS: the offset past the edge is b(x) = (1 − 1/(x·c/d + 1))·d for a raw overscroll x and the
    /// viewport dimension d; c is 0.55 on iOS.
    case rubberBand(coefficient: Double)
    /// Flutter's BouncingScrollPhysics: each drag delta that goes further out is scaled by
    /// 0.52·(1 − f)², f the overscroll as a fraction of the viewport.
    case flutterFriction
    /// Android's clamping: the content never leaves its range.
    case clamped
  }

  /// A damped spring m·x'' + c·x' + k·x = 0 that brings an overscrolled view back to its edge.
  public struct Spring: Hashable, Sendable {
    /// Mass (arbitrary units; only the ratios matter).
    public var mass: Double
    /// Stiffness k, in the same units per point.
    public var stiffness: Double
    /// ζ = c/(2√(mk)); 1 is critical. Keep it ≥ 1: the return must not overshoot.
    public var dampingRatio: Double

    /// A spring of `mass`, `stiffness` and `dampingRatio`.
    public init(mass: Double, stiffness: Double, dampingRatio: Double) {
      self.mass = mass
      self.stiffness = stiffness
      self.dampingRatio = dampingRatio
    }

    /// The damping coefficient c, from the ratio.
    public var damping: Double { dampingRatio * 2 * (mass * stiffness).squareRoot() }
  }

  /// A short name for menus and the HUD.
  public var name: String
  /// How a released scroll view's velocity dies away.
  public var fling: Fling
  /// What a drag past the content edge does.
  public var overscroll: Overscroll
  /// The spring that returns an overscrolled view (and pages).
  public var springBack: Spring
  /// A release slower than this (points/s) does not fling.
  public var minimumFlingVelocity: Double
  /// Release velocities are clamped to this (points/s).
  public var maximumFlingVelocity: Double
  /// A fling that runs into the edge hands at most this velocity (points/s) to the spring.
  public var maximumSpringTransferVelocity: Double
  /// How far back (seconds) the least-squares velocity fit looks.
  public var velocitySampleWindow: Double
  /// Points per notch of a mouse wheel (Flutter on Linux: 53).
  public var pointsPerWheelNotch: Double
  /// How long (seconds) the smooth animation of one wheel notch lasts.
  public var wheelAnimationDuration: Double
  /// The largest overscroll a wheel or trackpad can cause, as a fraction of the viewport dimension.
  public var maximumWheelOverscroll: Double
  /// Seconds without a precise (trackpad) scroll event after which the fingers count as lifted and the
  /// content keeps the gesture's momentum (Linux touchpads send no end-of-gesture event).
  public var trackpadLiftDelay: Double

  /// Scroll physics from their parts; the defaults are UIScrollView's (see the presets for the others).
  public init(
    name: String, fling: Fling, overscroll: Overscroll, springBack: Spring,
    minimumFlingVelocity: Double = 50, maximumFlingVelocity: Double = 8000,
    maximumSpringTransferVelocity: Double = .infinity, velocitySampleWindow: Double = 0.1,
    pointsPerWheelNotch: Double = 53, wheelAnimationDuration: Double = 0.15,
    maximumWheelOverscroll: Double = 0.05, trackpadLiftDelay: Double = 0.05
  ) {
    self.name = name
    self.fling = fling
    self.overscroll = overscroll
    self.springBack = springBack
    self.minimumFlingVelocity = minimumFlingVelocity
    self.maximumFlingVelocity = maximumFlingVelocity
    self.maximumSpringTransferVelocity = maximumSpringTransferVelocity
    self.velocitySampleWindow = velocitySampleWindow
    self.pointsPerWheelNotch = pointsPerWheelNotch
    self.wheelAnimationDuration = wheelAnimationDuration
    self.maximumWheelOverscroll = maximumWheelOverscroll
    self.trackpadLiftDelay = trackpadLiftDelay
  }

  /// UIScrollView: exponential deceleration, rubber band 0.55, a critically damped return
  /// (ScrollMechanics: mass 1, stiffness 100, ζ 1).
  public static let iOS = ScrollPhysics(
    name: "iOS", fling: .exponential, overscroll: .rubberBand(coefficient: 0.55),
    springBack: Spring(mass: 1, stiffness: 100, dampingRatio: 1))

  /// Flutter's BouncingScrollPhysics: the same friction, friction-factor overscroll, spring mass 0.5,
  /// stiffness 100, ζ 1.1, fling threshold 2 × 50 px/s, spring transfer capped at 5000 px/s.
  public static let flutterBouncing = ScrollPhysics(
    name: "Flutter bouncing", fling: .exponential, overscroll: .flutterFriction,
    springBack: Spring(mass: 0.5, stiffness: 100, dampingRatio: 1.1),
    minimumFlingVelocity: 100, maximumSpringTransferVelocity: 5000)

  /// Android / Flutter's ClampingScrollPhysics: the OverScroller spline fling and no overscroll.
  public static let androidClamping = ScrollPhysics(
    name: "Android clamping", fling: .androidSpline, overscroll: .clamped,
    springBack: Spring(mass: 1, stiffness: 100, dampingRatio: 1), maximumWheelOverscroll: 0)

  /// The presets in the order a tuning panel lists them.
  public static let presets: [ScrollPhysics] = [.iOS, .flutterBouncing, .androidClamping]
}

extension ScrollPhysics {
  /// The rubber-band function b(x) = (1 − 1/(x·c/d + 1))·d: the visible overscroll for a raw overscroll
  /// `x` ≥ 0 points in a viewport of dimension `d` points. Always below d; slope 0.55 at 0 for c = 0.55.
  public static func rubberBand(_ x: Double, dimension d: Double, coefficient c: Double = 0.55) -> Double {
    guard d > 0, x > 0 else { return 0 }
    return (1 - 1 / (x * c / d + 1)) * d
  }

  /// The inverse of `rubberBand`: the raw overscroll that shows as `b` (0 ≤ b < d).
  public static func inverseRubberBand(_ b: Double, dimension d: Double, coefficient c: Double = 0.55) -> Double {
    guard d > 0, b > 0 else { return 0 }
    let r = Swift.min(b / d, 0.999_999)
    return (d / c) * (1 / (1 - r) - 1)
  }

  /// How far a fling at `velocity` points/s travels under the exponential rule with rate `d` per ms:
  /// v·d/(1000·(1−d)), the sum of the per-millisecond steps (≈ 0.4995·v for 0.998).
  public static func projectedDistance(velocity: Double, decelerationRate d: Double) -> Double {
    velocity / 1000 * d / (1 - d)
  }
}
