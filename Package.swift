// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FeelLab",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "feel", targets: ["feel"]),
    .library(name: "FeelEngine", targets: ["FeelEngine"]),
    .library(name: "FeelScene", targets: ["FeelScene"]),
    .library(name: "FeelMetrics", targets: ["FeelMetrics"]),
    .library(name: "FeelSweep", targets: ["FeelSweep"]),
    .library(name: "FeelNotebook", targets: ["FeelNotebook"]),
    .library(name: "FeelCheck", targets: ["FeelCheck"]),
    .library(name: "FeelSolve", targets: ["FeelSolve"]),
    .library(name: "FeelExport", targets: ["FeelExport"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    .target(name: "FeelEngine"),
    .target(
      name: "FeelScene",
      dependencies: ["FeelEngine", .product(name: "TOMLKit", package: "TOMLKit")]
    ),
    .target(name: "FeelMetrics", dependencies: ["FeelScene"]),
    .target(name: "FeelSweep", dependencies: ["FeelScene", "FeelMetrics"]),
    // `feel notebook`: the page (Resources) and the data it shows.
    .target(
      name: "FeelNotebook", dependencies: ["FeelScene", "FeelMetrics", "FeelSweep"],
      resources: [.copy("Resources")]),
    // `feel check`: metric and trajectory baselines, their tolerances, the drift report.
    .target(name: "FeelCheck", dependencies: ["FeelScene", "FeelMetrics", "FeelSweep"]),
    // `feel solve`: constraints and an objective over an experiment's grid, then refinement.
    .target(name: "FeelSolve", dependencies: ["FeelScene", "FeelMetrics", "FeelSweep"]),
    // `feel export`: a scene's approach fitted with each framework's spring; UIKit code.
    .target(name: "FeelExport", dependencies: ["FeelScene"]),
    .executableTarget(
      name: "feel",
      dependencies: [
        "FeelNotebook", "FeelCheck", "FeelSolve", "FeelExport",
        "FeelScene", "FeelEngine", "FeelMetrics", "FeelSweep",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `make bench`: ns per engine sub-step; FeelBenchAlloc counts its heap allocations.
    .target(name: "FeelBenchAlloc"),
    .executableTarget(
      name: "feel-bench",
      dependencies: ["FeelScene", "FeelMetrics", "FeelSweep", "FeelNotebook", "FeelBenchAlloc"]),
    .target(name: "FeelTestSupport", dependencies: ["FeelScene"], path: "Tests/FeelTestSupport"),
    .testTarget(
      name: "FeelEngineTests", dependencies: ["FeelEngine", "FeelScene", "FeelTestSupport"]),
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
      dependencies: ["FeelNotebook", "FeelSweep", "FeelMetrics", "FeelScene", "FeelTestSupport"]),
    .testTarget(
      name: "FeelCheckTests",
      dependencies: [
        "FeelCheck", "FeelSweep", "FeelMetrics", "FeelScene", "FeelTestSupport", "feel",
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
  ],
  swiftLanguageModes: [.v6]
)
