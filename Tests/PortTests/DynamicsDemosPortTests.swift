import Foundation
import Dynamics
import Geometry2D
import Testing

/// The five demos of pro648's UIKit Dynamics tutorial (the UIKitDynamics project), ported: views become `DynamicBody` items in a 375 × 667 reference view with
/// a 49 pt tab bar. Each ported method names the selector it ports; the expectations are what the
/// article describes, with tolerances.
@Suite struct DynamicsDemosPortTests {
  static let view = Rect(x: 0, y: 0, width: 375, height: 667)
  static let tabBarTop = 667.0 - 49

  static func step(_ animator: DynamicAnimator, seconds: Double, each: () -> Void = {}) {
    for _ in 0..<Int((seconds * 60).rounded()) {
      animator.advance(by: 1.0 / 60)
      each()
    }
  }

  /// 1. Gravity, a collision boundary on the tab bar's top and elasticity 0.7: the ball falls, bounces
  /// to about 0.7² of its drop, and comes to rest on the tab bar.
  @Test func gravityCollisionAndElasticity() {
    let animator = DynamicAnimator(referenceBounds: Self.view)
    // self.orangeBall = [[UIView alloc] initWithFrame:CGRectMake(self.view.bounds.size.width/2-25, 100, 50, 50)];
    let orangeBall = DynamicBody(center: Point(x: 375.0 / 2, y: 125), size: Size(width: 50, height: 50))
    // - (void)testGravity
    let gravity = GravityBehavior(items: [orangeBall])
    animator.addBehavior(gravity)
    let collision = CollisionBehavior(items: [orangeBall])
    collision.addBoundary(
      withIdentifier: "tabbar", from: Point(x: 0, y: Self.tabBarTop), to: Point(x: 375, y: Self.tabBarTop))
    animator.addBehavior(collision)
    let ballBehavior = DynamicItemBehavior(items: [orangeBall])
    ballBehavior.elasticity = 0.7
    animator.addBehavior(ballBehavior)

    var bounced = false, peak = Double.infinity, lowest = 0.0
    var previousY = orangeBall.center.y
    Self.step(animator, seconds: 2) {
      let y = orangeBall.center.y
      lowest = max(lowest, y)
      if y < previousY { bounced = true }
      if bounced { peak = min(peak, y) }
      previousY = y
    }
    let drop = Self.tabBarTop - 150  // the ball's bottom starts at 150
    let restingY = Self.tabBarTop - 25
    #expect(bounced)
    #expect(lowest <= restingY + 2, "the ball went through the tab bar: \(lowest)")
    let rebound = restingY - peak
    #expect(abs(rebound - 0.49 * drop) < 0.12 * drop, "rebound \(rebound) for a drop of \(drop)")
    Self.step(animator, seconds: 4)
    #expect(abs(orangeBall.center.y - restingY) < 1, "rests on the tab bar: \(orangeBall.center.y)")
  }

  /// 2. The slide-in menu: gravity sideways, a boundary at the menu's width, an instantaneous push of
  /// ±20 and elasticity 0.4; it slides in, stops at the boundary, and slides back out the same way.
  @Test func slideMenu() {
    let animator = DynamicAnimator(referenceBounds: Self.view)
    let menuWidth = 375.0 / 2
    // _menuView = [[UIView alloc] initWithFrame:CGRectMake(-menuWidth, 20, menuWidth, height - tabBarHeight)];
    let height = 667.0 - 49
    let menuView = DynamicBody(
      center: Point(x: -menuWidth / 2, y: 20 + height / 2), size: Size(width: menuWidth, height: height))

    // - (void)toggleMenu:(BOOL)shouldOpenMenu
    func toggleMenu(_ shouldOpenMenu: Bool) {
      animator.removeAllBehaviors()
      let gravityDirectionX = shouldOpenMenu ? 1.0 : -1.0
      let pushMagnitude = shouldOpenMenu ? 20.0 : -20.0
      let boundaryPointX = shouldOpenMenu ? menuWidth : -menuWidth
      let gravityBehavior = GravityBehavior(items: [menuView])
      gravityBehavior.gravityDirection = Vector(dx: gravityDirectionX, dy: 0)
      animator.addBehavior(gravityBehavior)
      let collisionBehavior = CollisionBehavior(items: [menuView])
      collisionBehavior.addBoundary(
        withIdentifier: "menuBoundary", from: Point(x: boundaryPointX, y: 20),
        to: Point(x: boundaryPointX, y: Self.tabBarTop))
      animator.addBehavior(collisionBehavior)
      let pushBehavior = PushBehavior(items: [menuView], mode: .instantaneous)
      pushBehavior.magnitude = pushMagnitude
      animator.addBehavior(pushBehavior)
      let menuViewBehavior = DynamicItemBehavior(items: [menuView])
      menuViewBehavior.elasticity = 0.4
      animator.addBehavior(menuViewBehavior)
    }

    toggleMenu(true)
    var furthest = -Double.infinity
    Self.step(animator, seconds: 3) { furthest = max(furthest, menuView.center.x + menuWidth / 2) }
    #expect(furthest <= menuWidth + 2, "the menu passed its boundary: right edge \(furthest)")
    #expect(abs(menuView.center.x - menuWidth / 2) < 1, "open: \(menuView.center.x)")
    toggleMenu(false)
    Self.step(animator, seconds: 3)
    #expect(abs(menuView.center.x + menuWidth / 2) < 1, "closed: \(menuView.center.x)")
  }

  /// 3. Drag with an offset attachment (the point you hold follows the finger), then a throw faster
  /// than 1000 pt/s is an instantaneous push of |v|/15 along v: the image flies off that way.
  @Test func dragByTheHeldPointThenThrow() {
    let animator = DynamicAnimator(referenceBounds: Self.view)
    // _imageView = [[UIImageView alloc] initWithFrame:CGRectMake(0, 0, 240, 240)]; centred in the view.
    let imageView = DynamicBody(center: Point(x: 187.5, y: 333.5), size: Size(width: 240, height: 240))
    // - (void)handleAttachmentGesture:(UIPanGestureRecognizer *)panGesture, UIGestureRecognizerStateBegan
    let location = Point(x: 250, y: 300)
    let boxLocation = Point(x: location.x - (imageView.center.x - 120), y: location.y - (imageView.center.y - 120))
    let centerOffset = Offset(horizontal: boxLocation.x - 120, vertical: boxLocation.y - 120)
    let attachmentBehavior = AttachmentBehavior(
      item: imageView, offsetFromCenter: centerOffset, attachedToAnchor: location)
    animator.addBehavior(attachmentBehavior)
    // UIGestureRecognizerStateChanged: the anchor follows the finger.
    let finger = Point(x: 200, y: 420)
    attachmentBehavior.anchorPoint = finger
    Self.step(animator, seconds: 2)
    let angle = imageView.transform.rotationAngle
    let held = Point(
      x: imageView.center.x + centerOffset.horizontal * cos(angle) - centerOffset.vertical * sin(angle),
      y: imageView.center.y + centerOffset.horizontal * sin(angle) + centerOffset.vertical * cos(angle))
    #expect(held.distance(to: finger) < 1, "the held point is \(held), the finger \(finger)")

    // UIGestureRecognizerStateEnded, with a release velocity above ThrowingThreshold.
    animator.removeBehavior(attachmentBehavior)
    let velocity = Point(x: 1200, y: -900)
    let magnitude = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
    #expect(magnitude > 1000)
    let pushBehavior = PushBehavior(items: [imageView], mode: .instantaneous)
    pushBehavior.pushDirection = Vector(dx: velocity.x / 10, dy: velocity.y / 10)
    pushBehavior.magnitude = magnitude / 15
    animator.addBehavior(pushBehavior)
    let itemBehavior = DynamicItemBehavior(items: [imageView])
    itemBehavior.friction = 0.2
    itemBehavior.allowsRotation = true
    itemBehavior.addAngularVelocity(5, for: imageView)
    animator.addBehavior(itemBehavior)
    let start = imageView.center
    Self.step(animator, seconds: 0.3)
    let moved = Vector(dx: imageView.center.x - start.x, dy: imageView.center.y - start.y)
    // Along the release velocity: the direction's cosine with v is near 1.
    let cosine = (moved.dx * velocity.x + moved.dy * velocity.y) / (moved.length * magnitude)
    #expect(moved.length > 20 && cosine > 0.99, "moved \(moved)")
  }

  /// 4. Snap to a tapped point with damping 0.3: the item springs there and settles on it.
  @Test func snapToTheTappedPoint() {
    let animator = DynamicAnimator(referenceBounds: Self.view)
    let purpleView = DynamicBody(center: Point(x: 100, y: 150), size: Size(width: 50, height: 50))
    var snapBehavior: SnapBehavior?
    // - (void)handleSnapGesture:(UITapGestureRecognizer *)tapGesture
    func handleSnapGesture(at touchPoint: Point) {
      if let snapBehavior { animator.removeBehavior(snapBehavior) }
      let snap = SnapBehavior(item: purpleView, snapTo: touchPoint)
      snap.damping = 0.3
      animator.addBehavior(snap)
      snapBehavior = snap
    }
    handleSnapGesture(at: Point(x: 280, y: 500))
    var closest = Double.infinity
    Self.step(animator, seconds: 0.5) { closest = min(closest, purpleView.center.distance(to: Point(x: 280, y: 500))) }
    #expect(closest < 40, "it springs towards the point: \(closest)")
    Self.step(animator, seconds: 3)
    #expect(purpleView.center.distance(to: Point(x: 280, y: 500)) < 0.5)
    // A second tap replaces the snap.
    handleSnapGesture(at: Point(x: 60, y: 90))
    Self.step(animator, seconds: 4)
    #expect(animator.behaviors.count == 1)
    #expect(purpleView.center.distance(to: Point(x: 60, y: 90)) < 0.5)
  }

  /// 5. Radial gravity (region 300, strength 1.5, falloff 4, minimum radius 50) and a vortex (region 200,
  /// strength 0.005) on a ball of density 0.5: pulled in towards the centre and swirled around it.
  @Test func radialGravityAndVortex() {
    let animator = DynamicAnimator(referenceBounds: Self.view)
    let center = Point(x: 187.5, y: 333.5)
    let blueView = DynamicBody(center: Point(x: 187.5 + 150, y: 333.5), size: Size(width: 50, height: 50))
    // - (UIFieldBehavior *)radialGravityField
    let radialGravityField = FieldBehavior.radialGravityField(position: center)
    radialGravityField.region = Region(radius: 300)
    radialGravityField.strength = 1.5
    radialGravityField.falloff = 4
    radialGravityField.minimumRadius = 50
    // - (UIFieldBehavior *)vortexField
    let vortexField = FieldBehavior.vortexField()
    vortexField.position = center
    vortexField.region = Region(radius: 200)
    vortexField.strength = 0.005
    // - (void)viewDidAppear:(BOOL)animated
    let blueViewBehavior = DynamicItemBehavior(items: [blueView])
    blueViewBehavior.density = 0.5
    animator.addBehavior(blueViewBehavior)
    vortexField.addItem(blueView)
    radialGravityField.addItem(blueView)
    animator.addBehavior(vortexField)
    animator.addBehavior(radialGravityField)

    Self.step(animator, seconds: 1.5)
    let offset = Vector(dx: blueView.center.x - center.x, dy: blueView.center.y - center.y)
    #expect(offset.length < 150 - 10, "pulled in: \(offset.length)")
    #expect(abs(offset.dy) > 1, "swirled off the line through the centre: \(offset)")
  }
}
