# Card stack (experiments/card-stack.toml, docs/shapes.md "Experiments"): a card flicked at
# 600 pt/s into the card below it, for every elasticity of the cards and density of the flicked
# card. Left: how far the lower card is knocked (pt). Right: when both cards rest (s).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/card-stack.csv'; output='out/plots/card-stack.png'" plots/card-stack.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/card-stack.csv"
if (!exists("output")) output = "out/plots/card-stack.png"

# UIKit's item defaults (docs/uikit-dynamics-model.md): elasticity 0.2, density 1.
uikit_elasticity = 0.2
uikit_density = 1

if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1300,600 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1300,600 enhanced font "Sans,11" background rgb "white"
}
set output output

set datafile separator comma
set datafile columnheaders
cell(name) = strcol(name) eq "" ? NaN : column(name)

set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "elasticity of both cards"
set ylabel "density of the flicked card (the lower card's is 1)"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3

set multiplot layout 1,2 title "Card stack: a 120 × 80 pt card flicked at 600 pt/s into the one below it" font ",14"

set title "How far the lower card is knocked"
set cblabel "travel of the lower card's centre (pt)"
plot data using "elasticity":"density":(cell("travel_pt")) with image notitle, \
     "+" using (uikit_elasticity):(uikit_density) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" title "UIKit's defaults: elasticity 0.2, density 1", \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "no value (see flags)"

set title "When both cards rest (the animator pauses)"
set cblabel "pause time (s)"
plot data using "elasticity":"density":(cell("pause_time_s")) with image notitle, \
     "+" using (uikit_elasticity):(uikit_density) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" title "UIKit's defaults", \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "still moving at the end of the run"

unset multiplot
