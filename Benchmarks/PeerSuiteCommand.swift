import PeerScenes

#if canImport(Glibc)
  import Glibc
#endif

/// `hooke-bench peers [--scene NAME]… [--fast] [--figures FILE] [--record-gaps] [--trace FRAMES]
/// [--time FRAMES [--skip-first]] [--awake] [--workers N]`: runs
/// the peer suite's scenes (all of them, the fast subset, or the named ones), prints each judged figure
/// beside Box2D's (from the figures file, by default `Tests/PeerSuiteTests/box2d-figures.json`) with its
/// verdict and the scene's run time, and exits 1 when a scene that should hold does not, or a known gap
/// got worse.
/// `--record-gaps` also prints every figure of each scene as a line for `PeerKnownGaps.today`.
/// `--trace FRAMES` also prints the figures as they stand every FRAMES frames (`trace NAME t=…`), the
/// lines `PeerSuite/box2d`'s `scenes --trace FRAMES` prints for Box2D.
/// `--time FRAMES` measures no figures: it times each of the scene's first FRAMES 1/60 s frames
/// (`advance(by:)` alone) and prints the harness's line (`bench dynamics peer-NAME-frame …`), as
/// `scripts/bench-peers` compares with Box2D's. `--skip-first` steps the first of those frames untimed and
/// times the rest, as Box2D's benchmark program does with its first step (where every contact is new
/// and every array is first filled), so the two means are taken over the same steps.
func runPeerSuiteCommand(_ arguments: [String]) -> Int32 {
  var names: [String] = [], fastOnly = false, awake = false, workers = 1, record = false, timedFrames = 0,
    traceEvery = 0, skipFirst = false
  var figuresPath = "Tests/PeerSuiteTests/box2d-figures.json"
  var k = 0
  while k < arguments.count {
    switch arguments[k] {
    case "--scene" where k + 1 < arguments.count:
      names.append(arguments[k + 1])
      k += 1
    case "--figures" where k + 1 < arguments.count:
      figuresPath = arguments[k + 1]
      k += 1
    case "--time" where k + 1 < arguments.count && Int(arguments[k + 1]) ?? 0 > 0:
      timedFrames = Int(arguments[k + 1])!
      k += 1
    case "--trace" where k + 1 < arguments.count && Int(arguments[k + 1]) ?? 0 > 0:
      traceEvery = Int(arguments[k + 1])!
      k += 1
    case "--time", "--trace":
      print(
        "hooke-bench peers: \(arguments[k]) takes a whole number of frames above 0, not \(k + 1 < arguments.count ? arguments[k + 1] : "nothing")"
      )
      return 2
    case "--awake": awake = true
    case "--skip-first": skipFirst = true
    case "--workers" where k + 1 < arguments.count && (1...64).contains(Int(arguments[k + 1]) ?? 0):
      workers = Int(arguments[k + 1])!
      k += 1
    case "--workers":
      print(
        "hooke-bench peers: --workers takes a whole number in 1...64, not \(k + 1 < arguments.count ? arguments[k + 1] : "nothing")"
      )
      return 2
    case "--fast": fastOnly = true
    case "--record-gaps": record = true
    default:
      print(
        "hooke-bench peers: unknown argument \(arguments[k]); scenes: \(PeerScene.all.map(\.name).joined(separator: " "))"
      )
      return 2
    }
    k += 1
  }
  var scenes = fastOnly ? PeerScene.all.filter(\.isFast) : PeerScene.all
  if !names.isEmpty {
    var picked: [PeerScene] = []
    for name in names {
      guard let scene = PeerScene.named(name) else {
        print("hooke-bench peers: no scene \(name); scenes: \(PeerScene.all.map(\.name).joined(separator: " "))")
        return 2
      }
      picked.append(scene)
    }
    scenes = picked
  }
  if skipFirst && timedFrames < 2 {
    print("hooke-bench peers: --skip-first needs --time with at least 2 frames (the first is not timed)")
    return 2
  }
  if timedFrames > 0 {
    for scene in scenes {
      timePeerScene(scene, frames: timedFrames, awake: awake, workers: workers, skipFirst: skipFirst)
    }
    return 0
  }
  let baseline: PeerBaseline?
  do {
    baseline = try PeerBaseline.load(path: figuresPath)
  } catch {
    print("# hooke-bench peers: no Box2D figures (\(error)); Hooke's figures only")
    baseline = nil
  }
  print("# peer suite: Box2D \(baseline?.box2dVersion ?? "—") beside Hooke (release), figures lower is better")
  print(PeerJudgement.header)
  var failed = 0
  for scene in scenes {
    let t0 = BenchmarkHarness.now()
    let values = scene.run(traceEvery: traceEvery)
    let seconds = BenchmarkHarness.now() - t0
    for line in PeerJudgement.lines(for: scene, values: values, box2d: baseline?.scenes[scene.name]) {
      print(line.row)
      if !line.passes { failed += 1 }
    }
    print("#   \(scene.name): \(scene.summary); \(scene.seconds) s simulated in \(PeerJudgement.fixed(seconds, 2)) s")
    if record {
      let all = PeerFigure.allCases.map { "\($0): \(PeerJudgement.fixed(values[$0] ?? .nan, 2))" }.joined(
        separator: ", ")
      print("# record \"\(scene.name)\": [\(all)],")
    }
    fflush(nil)
  }
  print("# \(failed == 0 ? "every judged figure passes" : "\(failed) judged figure(s) fail")")
  return failed == 0 ? 0 : 1
}

/// Times each of the first `frames` frames of `scene` from its start (no warm-up: a scene's first
/// seconds are what it is about), the frame's `advance(by:)` and what the scene does by hand before it;
/// the first untimed when `skipFirst`.
private func timePeerScene(_ scene: PeerScene, frames: Int, awake: Bool, workers: Int, skipFirst: Bool) {
  let world = scene.makeWorld()
  world.animator.allowsSleeping = !awake
  world.animator.workerCount = workers
  var samples: [Double] = []
  samples.reserveCapacity(frames)
  for k in 0..<frames {
    let t0 = BenchmarkHarness.now()
    world.beforeFrame?(Double(k) * PeerRun.frame)
    world.animator.advance(by: PeerRun.frame)
    if !(skipFirst && k == 0) { samples.append((BenchmarkHarness.now() - t0) * 1e6) }
  }
  BenchmarkHarness.report(group: "dynamics", name: "peer-\(scene.name)-frame", samples: samples)
  print(
    "# peer-\(scene.name): \(world.movingBodies.count) moving bodies, awake at the end \(world.animator.awakeBodyCount)"
  )
}
