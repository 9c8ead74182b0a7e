# The tempo dial's value count × disc radius (experiments/dial-count-radius.toml): the same
# 100 pt flick on every disc. Left: rim travel per value, 2πr/N (pt), with the curve where it
# equals a 44 pt fingertip (Apple's minimum touch target). Right: how many values the flick
# passes. The "Click" prototype: 12 values on a 120 pt radius.
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/dial-count-radius.csv'; output='out/plots/dial-count-radius.png'" plots/dial-count-radius.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/dial-count-radius.csv"
if (!exists("output")) output = "out/plots/dial-count-radius.png"

fingertip_pt = 44
prototype_count = 12
prototype_radius_pt = 120

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
# the grid's cells: N 2–60 by 2, r 60–160 by 5 (the fingertip curve must not widen them)
set xrange [1:61]
set yrange [57.5:162.5]
set xlabel "values around the rim (N)"
set ylabel "disc radius (pt)"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set samples 200
# where 2πr/N equals a fingertip: r = 44·N/(2π)
fingertip(n) = fingertip_pt * n / (2 * pi)
prototype = "12 values, 120 pt radius"

set multiplot layout 1,2 title "Tempo dial: value count × disc radius, one 100 pt flick" font ",14"

set title "Rim travel per value: 2πr/N"
set logscale cb
set cbrange [5:500]
set cblabel "rim per value (pt, log scale)"
plot data using "count":"radius_pt":(cell("rim_per_label_pt")) with image notitle, \
     [2:60] fingertip(x) with lines lw 2 dt 2 lc rgb "#00e0ff" title "44 pt per value: a fingertip", \
     "+" using (prototype_count):(prototype_radius_pt) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#ffffff" title prototype

set title "Values the flick passes"
unset logscale cb
set cbrange [0:*]
set cblabel "labels passed"
plot data using "count":"radius_pt":(cell("labels_passed")) with image notitle, \
     [2:60] fingertip(x) with lines lw 2 dt 2 lc rgb "#00e0ff" title "44 pt per value", \
     "+" using (prototype_count):(prototype_radius_pt) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#ffffff" title prototype

unset multiplot
