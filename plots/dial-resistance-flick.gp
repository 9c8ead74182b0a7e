# The tempo dial on UIKit Dynamics (experiments/dial-resistance-flick.toml): for every angular
# resistance (one curve each) the coast (deg) and the time until the disc looks still (s)
# against the flick speed. 1.8415 /s matches the author's 0.97 per frame (docs/tempo-dial.md).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/dial-resistance-flick.csv'; output='out/plots/dial-resistance-flick.png'" plots/dial-resistance-flick.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/dial-resistance-flick.csv"
if (!exists("output")) output = "out/plots/dial-resistance-flick.png"

# The experiment's resistances (1/s) and the one matching the author's decay.
resistances = "0.25 0.5 0.75 1.0 1.25 1.5 1.8415 2.0 2.5 3.0 3.5 4.0 5.0 6.0 8.0"
matching = 1.8415

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1300,650 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1300,650 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
cell(name) = strcol(name) eq "" ? NaN : column(name)
# a column's value on the rows of resistance c only
at(c, name) = abs(column("angular_resistance") - c) < 1e-9 ? cell(name) : NaN

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set cbrange [0:8]
set cblabel "angular resistance (1/s)"
set xlabel "flick speed at the release (°/s)"
set grid lc rgb "#d8d8d8"
set key top left
set xrange [0:3000]

set multiplot layout 1,2 title "UIKit's inertia (a pinned 240 pt disc): angular resistance × flick speed" font ",14"

set title "Coast: how far the disc turns (Box2D's sleep cuts the tail)"
set ylabel "coast (°)"
set logscale y
set yrange [10:*]
plot for [c in resistances] data using "flick_deg_s":(at(real(c), "coast_angle_deg")):(real(c)) with lines lw 1.5 lc palette notitle, \
     data using "flick_deg_s":(at(matching, "coast_angle_deg")) with lines lw 4 lc rgb "#00b0d0" title "1.8415 /s: the author's 0.97 per frame"

set title "Time until it looks still (turning under 30°/s)"
set ylabel "still after (s)"
unset logscale y
set yrange [0:*]
plot for [c in resistances] data using "flick_deg_s":(at(real(c), "still_time_s")):(real(c)) with lines lw 1.5 lc palette notitle, \
     data using "flick_deg_s":(at(matching, "still_time_s")) with lines lw 4 lc rgb "#00b0d0" title "1.8415 /s"

unset multiplot
