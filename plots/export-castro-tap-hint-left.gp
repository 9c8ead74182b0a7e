# `feel export` for the snap phase of Castro's tap hint (left half): from the contact rule that
# adds the snap, the bar comes home from the wall a few points away; UIKit's motion and the
# SwiftUI, Core Animation, Compose and CSS animations fitted to it. On so short a move the
# four-joint snap is nearly linear, and one spring matches it.
#
# `make plots` writes the data with
#   feel export experiments/scenes/castro-tap-hint-left.toml --to swiftui,caspring,compose,css \
#     --json --samples out/data/export-castro-tap-hint-left.csv
# and draws it with
#   gnuplot -e "data='out/data/export-castro-tap-hint-left.csv'; output='out/plots/export-castro-tap-hint-left.png'" plots/export-castro-tap-hint-left.gp
# from the repository root (the drawing is in plots/export-overlay.gpi).

if (!exists("data")) data = "out/data/export-castro-tap-hint-left.csv"
if (!exists("output")) output = "out/plots/export-castro-tap-hint-left.png"
chart_title = "Castro tap hint, left half: the snap phase from the wall, UIKit and each export"
travel_pt = 7.6
set xrange [0:0.6]
load "plots/export-overlay.gpi"
