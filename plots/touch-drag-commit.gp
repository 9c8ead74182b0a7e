# Experiment 6 (experiments/touch-drag-commit.toml): the Castro scrub as a whole interaction, a
# simulated finger. Left: how long the drag lasts (drag-began to drag-ended) against how long
# the finger moves, one line per distance, with Castro's commit rule: a drag shorter than the
# 0.2 s expand animation is an accidental swipe and rolls back (filled points: committed).
# Right: the snap after the release, whose overshoot depends on the distance only (the bar
# snaps home from rest, wherever the finger left it).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/touch-drag-commit.csv'; output='out/plots/touch-drag-commit.png'" plots/touch-drag-commit.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/touch-drag-commit.csv"
if (!exists("output")) output = "out/plots/touch-drag-commit.png"

commit_s = 0.2   # docs/castro-scrubber.md: the expand animation; commit_after in the scene
distances = "20 40 60 80 100 120 140 160"

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1300,560 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1300,560 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
set datafile missing NaN   # a line per distance joins its rows across the others
# An empty cell (see the CSV's flags column) becomes NaN and is left out.
cell(name) = strcol(name) eq "" ? NaN : column(name)
at(d, name) = column("distance_pt") == real(d) ? cell(name) : NaN

set grid lc rgb "#d0d0d0"
set key top left box opaque
set multiplot layout 1,2 title "The Castro drag, a simulated finger: committed or rolled back, and the snap after" font ",14"

set title "Drag duration against the finger's move (filled: committed)"
set xlabel "the finger moves for (s), touch-down to lift"
set ylabel "drag duration (s), drag-began to drag-ended"
set xrange [0:0.85]
set yrange [0:0.85]
set arrow 1 from graph 0, first commit_s to graph 1, first commit_s nohead lc rgb "#e5484d" lw 2 dt 2
plot for [d in distances] data using "move_s":(at(d, "drag_duration_s")) with lines lw 1.5 title d." pt", \
     data using "move_s":(cell("committed") == 1 ? cell("drag_duration_s") : NaN) \
       with points pt 7 ps 0.9 lc rgb "#303030" notitle, \
     data using "move_s":(cell("committed") == 0 ? cell("drag_duration_s") : NaN) \
       with points pt 6 ps 0.9 lc rgb "#303030" notitle, \
     NaN with lines lc rgb "#e5484d" lw 2 dt 2 title "commit: 0.2 s"

set title "The snap after the release: overshoot against distance"
set xlabel "distance the finger dragged the bar (pt)"
set ylabel "overshoot (pt)"
unset arrow 1
set xrange [0:170]
set yrange [0:*]
plot data using "distance_pt":(column("move_s") == 0.5 ? cell("overshoot_pt") : NaN) \
       with linespoints pt 7 lw 2 lc rgb "#b12a90" title "finger moving 0.5 s", \
     data using "distance_pt":(column("move_s") == 0.1 ? cell("overshoot_pt") : NaN) \
       with points pt 6 ps 2 lw 2 lc rgb "#0072b2" title "a 0.1 s swipe"

unset multiplot
