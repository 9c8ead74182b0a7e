# Experiment 3 (experiments/wall-offset-damping.toml): the tap hint's wall moved 0 to 30 pt
# outside the bar (x) and the snap damping (y). Left: overshoot past the rest position of the
# snap that takes over at the contact (pt). Right: hint total, tap to settled (s).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/wall-offset-damping.csv'; output='out/plots/wall-offset-damping.png'" plots/wall-offset-damping.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/wall-offset-damping.csv"
if (!exists("output")) output = "out/plots/wall-offset-damping.png"

# Castro's constants (docs/castro-scrubber.md).
castro_wall_pt = 10
castro_damping = 0.35

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
# An empty cell (see the CSV's flags column) becomes NaN and shows the grey background.
cell(name) = strcol(name) eq "" ? NaN : column(name)

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#bdbdbd" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "wall offset outside the bar's edge (pt)"
set ylabel "snap damping (damping ratio)"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
castro = "Castro: wall 10 pt, damping 0.35"

set multiplot layout 1,2 title "Tap hint (push 4, gravity 2): wall offset × snap damping, after the contact swap" font ",14"

set title "Overshoot of the snap home, which starts from rest at the wall"
set cblabel "overshoot (pt)"
plot data using "wall_offset_pt":"damping":(cell("overshoot_pt")) with image notitle, \
     "+" using (castro_wall_pt):(castro_damping) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00e0ff" title castro, \
     NaN with boxes fillstyle solid fc rgb "#bdbdbd" title "no value (see flags)"

set title "Hint total: tap to settled (within 0.5 pt)"
set cblabel "hint total (s)"
plot data using "wall_offset_pt":"damping":(cell("hint_total_s")) with image notitle, \
     "+" using (castro_wall_pt):(castro_damping) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00e0ff" title castro, \
     NaN with boxes fillstyle solid fc rgb "#bdbdbd" title "untouched or unsettled"

unset multiplot
