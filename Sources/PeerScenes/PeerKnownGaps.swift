/// The known gaps: the scenes where Hooke does not yet do as well as Box2D, with today's Hooke figures
/// (release build, measured with `scripts/peer-suite --record-gaps` on the date in docs/peer-suite.md).
/// Their tests check that Hooke does no worse than these figures, so no change makes them worse
/// unnoticed; when a fix makes a scene hold against Box2D's figure, delete its entry here and its
/// tests judge it against Box2D's again.
public enum PeerKnownGaps {
  public static let today: [String: PeerFigureValues] = [:]
}
