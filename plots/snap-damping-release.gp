# Experiment 1 (experiments/snap-damping-release.toml): the Castro bar released after a drag,
# for every snap damping (x) and release distance (y). Left: overshoot past the rest position
# (pt). Right: settle time, until the bar stays within the settle band (s).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/snap-damping-release.csv'; output='out/plots/snap-damping-release.png'" plots/snap-damping-release.gp
# The extension of `output` (.png or .svg) picks the format. Colours, ranges and labels below
# are yours to change; column names are the CSV's (see its # header for their definitions).

if (!exists("data")) data = "out/data/snap-damping-release.csv"
if (!exists("output")) output = "out/plots/snap-damping-release.png"

# Castro's constant (docs/castro-scrubber.md) and the releases of its scenes.
castro_damping = 0.35
castro_releases = "40 80 160"

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
# An empty cell has no value (the CSV's flags column says why): it becomes NaN, not drawn, so
# the grey background shows through.
cell(name) = strcol(name) eq "" ? NaN : column(name)

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "snap damping (damping ratio)"
set ylabel "release distance (pt)"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set arrow 1 from castro_damping, graph 0 to castro_damping, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2

set multiplot layout 1,2 title "Snap damping × release distance (320 pt bar, rotation off): overshoot and settle time" font ",14"

set title "Overshoot past the rest position"
set cbrange [0:20]
set cblabel "overshoot (pt; 20 and more in yellow)"
plot data using "damping":"release_pt":(cell("overshoot_pt")) with image notitle, \
     for [r in castro_releases] "+" using (castro_damping):(real(r)) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title "Castro: damping 0.35, releases 40/80/160 pt", \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "no value (see flags)"

set title "Settle time: last frame farther than 0.5 pt from rest"
set cbrange [*:*]
set cblabel "settle time (s)"
plot data using "damping":"release_pt":(cell("settle_time_s")) with image notitle, \
     for [r in castro_releases] "+" using (castro_damping):(real(r)) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title "Castro: damping 0.35", \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "unsettled within the run"

unset multiplot
