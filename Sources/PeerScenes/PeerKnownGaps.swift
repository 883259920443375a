/// The known gaps: the scenes where Hooke does not yet do as well as Box2D, each with today's Hooke
/// figures for the figures it is judged by (release build, `hooke-bench peers --record-gaps`, on the
/// date docs/peer-suite.md gives). Their tests check that Hooke does no worse than these figures (with
/// the same noise margins), so no change makes them worse unnoticed. When a fix makes a scene hold
/// against Box2D's figure, delete its entry: its tests then judge it against Box2D's figure again.
public enum PeerKnownGaps {
  public static let today: [String: PeerFigureValues] = [:]
}
