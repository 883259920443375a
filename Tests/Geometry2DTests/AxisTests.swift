import Testing
import Geometry2D

/// Points, vectors and sizes read and write their component along an axis.
@Suite struct AxisTests {
  @Test func componentsAlongEachAxis() {
    var p = Point(x: 1, y: 2), v = Vector(dx: 3, dy: 4), s = Size(width: 5, height: 6)
    #expect(p[.horizontal] == 1 && p[.vertical] == 2)
    #expect(v[.horizontal] == 3 && v[.vertical] == 4)
    #expect(s[.horizontal] == 5 && s[.vertical] == 6)
    p[.vertical] = 9
    v[.horizontal] = -1
    s[.vertical] = 0
    #expect(p == Point(x: 1, y: 9) && v == Vector(dx: -1, dy: 4) && s == Size(width: 5, height: 0))
    #expect(Axis.horizontal.other == .vertical && Axis.vertical.other == .horizontal)
    #expect(Axis.allCases.map(\.rawValue) == [0, 1])
  }
}
