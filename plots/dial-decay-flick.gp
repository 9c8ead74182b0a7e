# The tempo dial's coast as its author built it (experiments/dial-decay-flick.toml): for every
# decay per frame (x) and flick speed (y), how far the disc coasts (deg) and when it looks still
# (s, under 30°/s). The author's numbers: decay 0.97, releases capped at 2000°/s, none below
# 10°/s (docs/tempo-dial.md).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/dial-decay-flick.csv'; output='out/plots/dial-decay-flick.png'" plots/dial-decay-flick.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/dial-decay-flick.csv"
if (!exists("output")) output = "out/plots/dial-decay-flick.png"

# The author's constants (docs/tempo-dial.md).
author_decay = 0.97
author_cap_deg_s = 2000

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1300,600 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1300,600 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
cell(name) = strcol(name) eq "" ? NaN : column(name)

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "decay per 60 Hz frame"
set ylabel "flick speed at the release (°/s)"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set arrow 1 from author_decay, graph 0 to author_decay, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2
set arrow 2 from graph 0, first author_cap_deg_s to graph 1, first author_cap_deg_s nohead front lc rgb "#ffffff" lw 1.5 dt 4

set multiplot layout 1,2 title "The author's inertia (240 pt disc): decay × flick speed" font ",14"

set title "Coast: how far the disc turns after the release"
set cbrange [0:3600]
set cblabel "coast (°; 3600, ten turns, and more in yellow)"
plot data using "decay":"flick_deg_s":(cell("coast_angle_deg")) with image notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title "the author's decay 0.97", \
     NaN with lines lc rgb "#ffffff" lw 1.5 dt 4 title "2000°/s: faster releases are capped"

set title "Time until it looks still (turning under 30°/s)"
set cbrange [0:4]
set cblabel "still after (s; 4 and more in yellow)"
plot data using "decay":"flick_deg_s":(cell("still_time_s")) with image notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title "the author's decay 0.97", \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "no value (see flags)"

unset multiplot
