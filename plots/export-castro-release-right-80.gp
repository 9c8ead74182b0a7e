# `feel export` for Castro's release after an 80 pt drag (damping 0.35): UIKit's snap and the
# SwiftUI, Core Animation, Compose and CSS animations fitted to it. The four-joint snap on a long
# move is not one spring: the springs miss it by more than 2 % of the travel early on, while the
# CSS linear() stops follow it within half a point.
#
# `make plots` writes the data with
#   feel export experiments/scenes/castro-release-right-80.toml --to swiftui,caspring,compose,css \
#     --json --samples out/data/export-castro-release-right-80.csv
# and draws it with
#   gnuplot -e "data='out/data/export-castro-release-right-80.csv'; output='out/plots/export-castro-release-right-80.png'" plots/export-castro-release-right-80.gp
# from the repository root (the drawing is in plots/export-overlay.gpi).

if (!exists("data")) data = "out/data/export-castro-release-right-80.csv"
if (!exists("output")) output = "out/plots/export-castro-release-right-80.png"
chart_title = "Castro release after an 80 pt drag (snap damping 0.35): UIKit and each export"
travel_pt = 80
set xrange [0:0.6]
load "plots/export-overlay.gpi"
