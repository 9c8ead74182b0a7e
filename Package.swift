// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FeelLab",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "feel", targets: ["feel"]),
    // `feel serve` runs it (docs/studio.md): the only product that links SwiftNIO.
    .executable(name: "feel-serve", targets: ["feel-serve"]),
    .library(name: "FeelCore", targets: ["FeelCore"]),
    .library(name: "FeelEngine", targets: ["FeelEngine"]),
    .library(name: "FeelLanes", targets: ["FeelLanes"]),
    .library(name: "FeelTouch", targets: ["FeelTouch"]),
    .library(name: "FeelScene", targets: ["FeelScene"]),
    .library(name: "FeelMetrics", targets: ["FeelMetrics"]),
    .library(name: "FeelSweep", targets: ["FeelSweep"]),
    .library(name: "FeelControl", targets: ["FeelControl"]),
    .library(name: "FeelNotebook", targets: ["FeelNotebook"]),
    .library(name: "FeelCheck", targets: ["FeelCheck"]),
    .library(name: "FeelSolve", targets: ["FeelSolve"]),
    .library(name: "FeelExport", targets: ["FeelExport"]),
    .library(name: "FeelSVG", targets: ["FeelSVG"]),
    .library(name: "FeelDial", targets: ["FeelDial"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // feel-serve's HTTP server, its router and middleware (docs/studio.md says why this one);
    // only the feel-serve product and FeelServeTests build it.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    // The live sessions' WebSocket (ping, fragments, limits, the closing handshake) on the
    // router's upgrade, its access middleware included.
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    // feel-serve's graceful shutdown, started from its own signal thread (ShutdownWatch.swift).
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
  ],
  targets: [
    // The helpers every layer uses: quoted strings, name suggestions, one-line messages, the
    // nine-digit formatter, SplitMix64, portable math, affine transforms (pure, no dependency).
    .target(name: "FeelCore"),
    // The engine: Box2D's core (Box2D/: Math, Collision, Dynamics), UIKit's layer over it
    // (UIKit/: the animator, its behaviors, fields) and FeelLab's app-code behaviors (AppCode/).
    // It re-exports FeelCore (FeelCoreReExport.swift) as FeelScene re-exports the engine.
    .target(name: "FeelEngine", dependencies: ["FeelCore"]),
    // Sixteen one-item scenes stepped at once in SIMD lanes, with the scalar engine's bits
    // (LaneRunTests); FeelScene's sweeps run them (SceneRuns) and re-export the module.
    .target(name: "FeelLanes", dependencies: ["FeelEngine"]),
    // Touches: the tap/drag/hold recognizer, trace generators and the frame timeline (pure).
    .target(name: "FeelTouch", dependencies: ["FeelEngine"]),
    // Scenes: the TOML reader (FeelLab's own, TOMLParser.swift says why), the schema, the
    // simulation with its rules, the `feel run` CSV.
    .target(name: "FeelScene", dependencies: ["FeelEngine", "FeelLanes", "FeelTouch", "FeelSVG"]),
    .target(name: "FeelMetrics", dependencies: ["FeelScene"]),
    // The tempo dial's label layout as CGAffineTransforms (pure; CoreGraphics is not on Linux:
    // FeelCore's AffineTransform stands in).
    .target(name: "FeelDial", dependencies: ["FeelCore"]),
    .target(name: "FeelSweep", dependencies: ["FeelScene", "FeelMetrics"]),
    // Control description files (experiments/controls/*.toml): constants, comps, presets,
    // charts and the notebook's skin of each control, as data.
    .target(name: "FeelControl", dependencies: ["FeelScene", "FeelSweep"]),
    // `feel notebook`: the page (Resources) and the data it shows. FeelDial: the labels round a
    // detent item's rim (`Scene.valueLabels`) for the skins that ask for them. FeelSolve: the
    // `--solve` questions, kept as FeelSolve states them.
    .target(
      name: "FeelNotebook",
      dependencies: [
        "FeelScene", "FeelMetrics", "FeelSweep", "FeelControl", "FeelExport", "FeelDial",
        "FeelSolve",
      ],
      resources: [.copy("Resources")]),
    // `feel check`: metric and trajectory baselines, their tolerances, the drift report.
    .target(name: "FeelCheck", dependencies: ["FeelScene", "FeelMetrics", "FeelSweep"]),
    // `feel solve`: constraints and an objective over an experiment's grid, then refinement.
    .target(name: "FeelSolve", dependencies: ["FeelScene", "FeelMetrics", "FeelSweep"]),
    // `feel export`: a scene's approach fitted with each framework's spring; UIKit code.
    // The UIKit export's fixed runtime: real Swift files, embedded (not compiled into FeelExport;
    // UIKitRuntimeTests compiles them against Tests/UIKitStub).
    .target(
      name: "FeelExport", dependencies: ["FeelScene"],
      resources: [
        .embedInCode("UIKitRuntime/Kinematics.swift"), .embedInCode("UIKitRuntime/Touches.swift"),
      ]),
    // `feel svg`: SVG path data and files to Core Graphics code, JSON (FeelCore's writer) and
    // canvas data.
    .target(name: "FeelSVG", dependencies: ["FeelCore"]),
    // What `feel` and `feel-serve` share, and the one layer besides them that touches files:
    // reading input files with their messages (InputFile, the server's root confinement),
    // writing outputs atomically, a scene run or measured, a sweep's CSV as it is computed,
    // the notebook's inputs.
    .target(
      name: "FeelCommandSupport",
      dependencies: [
        "FeelScene", "FeelMetrics", "FeelSweep", "FeelControl", "FeelNotebook", "FeelSVG",
        // FeelError.validating ends a validate() with ArgumentParser's ExitCode.
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "feel",
      dependencies: [
        "FeelCommandSupport", "FeelNotebook", "FeelCheck", "FeelSolve", "FeelExport",
        "FeelControl", "FeelSVG", "FeelScene", "FeelEngine", "FeelMetrics", "FeelSweep",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `feel serve` (docs/studio.md): the local server of the HTTP API, the live sessions and the
    // page, as a library (routes, access, sessions) tested in-process with HummingbirdTesting.
    .target(
      name: "FeelServe",
      dependencies: [
        "FeelCommandSupport", "FeelNotebook", "FeelScene", "FeelMetrics", "FeelSweep",
        "FeelControl", "FeelExport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The thin executable: `FeelServeMain.main()`.
    .executableTarget(name: "feel-serve", dependencies: ["FeelServe"]),
    // `make bench-serve`'s native load generator for live sessions (docs/studio.md, "Speed"):
    // every session in one thread on plain sockets, so that the round trips it measures are
    // the server's, not a Python client's.
    .executableTarget(
      name: "feel-live-load",
      dependencies: [
        "FeelCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `make bench`: ns per engine sub-step; FeelBenchAlloc counts its heap allocations.
    // `make fuzz-svg`: random and mutated path data and SVG files through FeelSVG (seeded by
    // FeelCore's SplitMix64, FeelLab's one generator).
    .executableTarget(name: "feel-svg-fuzz", dependencies: ["FeelSVG", "FeelCore"]),
    .target(name: "FeelBenchAlloc"),
    .executableTarget(
      name: "feel-bench",
      dependencies: [
        "FeelScene", "FeelMetrics", "FeelSweep", "FeelNotebook", "FeelBenchAlloc",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // `make fuzz`: the readers under seeded mutated inputs (FeelFuzz: the targets and the
    // mutator; feel-fuzz: the driver, or libFuzzer's entry with -DFEEL_LIBFUZZER).
    .target(
      name: "FeelFuzz",
      dependencies: ["FeelCore", "FeelScene", "FeelSweep", "FeelMetrics", "FeelControl"]),
    .executableTarget(
      name: "feel-fuzz",
      dependencies: [
        "FeelFuzz", "FeelScene", "FeelCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "FeelTestSupport", dependencies: ["FeelCore", "FeelTouch", "FeelScene"],
      path: "Tests/FeelTestSupport", exclude: ["MirrorVectors"]),
    .testTarget(name: "FeelCoreTests", dependencies: ["FeelCore", "FeelTestSupport"]),
    .testTarget(
      name: "FeelEngineTests", dependencies: ["FeelEngine", "FeelScene", "FeelTestSupport"]),
    .testTarget(name: "FeelTouchTests", dependencies: ["FeelTouch", "FeelTestSupport"]),
    .testTarget(name: "FeelDialTests", dependencies: ["FeelDial", "FeelTestSupport"]),
    .testTarget(
      name: "FeelSceneTests", dependencies: ["FeelScene", "FeelEngine", "FeelTestSupport"]),
    .testTarget(name: "FeelCLITests", dependencies: ["feel", "FeelTestSupport"]),
    .testTarget(
      name: "FeelMetricsTests", dependencies: ["FeelMetrics", "FeelScene", "FeelTestSupport"]),
    .testTarget(
      name: "FeelSweepTests",
      dependencies: ["FeelSweep", "FeelMetrics", "FeelScene", "FeelTestSupport", "feel"]),
    .testTarget(
      name: "FeelNotebookTests",
      dependencies: [
        "FeelNotebook", "FeelControl", "FeelSweep", "FeelMetrics", "FeelScene", "FeelDial",
        "FeelExport", "FeelSolve", "FeelTestSupport",
      ]),
    .testTarget(
      name: "FeelControlTests",
      dependencies: [
        "FeelControl", "FeelSweep", "FeelScene", "FeelSVG", "FeelTestSupport", "feel",
      ]),
    .testTarget(
      name: "FeelSVGTests", dependencies: ["FeelSVG", "FeelTestSupport", "feel"]),
    .testTarget(
      name: "FeelFuzzTests",
      dependencies: ["FeelFuzz", "FeelScene", "FeelSweep", "FeelTestSupport", "feel-fuzz"]),
    .testTarget(
      name: "FeelCheckTests",
      dependencies: [
        "FeelCheck", "FeelControl", "FeelSweep", "FeelMetrics", "FeelScene", "FeelTestSupport",
        "feel",
      ]
    ),
    .testTarget(
      name: "FeelSolveTests",
      dependencies: [
        "FeelSolve", "FeelSweep", "FeelMetrics", "FeelScene", "FeelTestSupport", "feel",
      ]
    ),
    .testTarget(
      name: "FeelExportTests", dependencies: ["FeelExport", "FeelScene", "FeelTestSupport", "feel"]),
    .testTarget(
      name: "FeelServeTests",
      dependencies: [
        "FeelServe", "FeelTestSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
