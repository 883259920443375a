/// Sleep: the islands' union-find scratch, whether some island sleeps, and the smallest rest time over
/// the dynamic bodies after the last step (the animator pauses once it reaches `timeToSleep`).
struct SleepStore {
  var islands = IslandScratch()
  /// Some island is asleep (so the collision pass must keep its contacts and watch for waking).
  var anyAsleep = false
  var minimumSleepTime = Double.infinity
  /// Resting islands may fall asleep and the animator may pause (`DynamicAnimator.allowsSleeping`).
  var isEnabled = true
}
