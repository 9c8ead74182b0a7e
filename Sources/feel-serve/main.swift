import FeelServe

// `feel-serve`, which `feel serve` runs (docs/studio.md): everything is in FeelServe.
FeelServeMain.main()
