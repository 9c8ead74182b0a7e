# Experiment 2 (experiments/tap-hint-push-gravity.toml): the Castro tap hint for every push
# magnitude (x) and gravity magnitude (y). Left: how high the bar hops (pt). Middle: when it
# touches the wall (s). Right: tap to settled after the snap home (s). Grey: the bar never
# touches the wall within the scene's 2 s (touched = 0: gravity too weak for the push).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/tap-hint-push-gravity.csv'; output='out/plots/tap-hint-push-gravity.png'" plots/tap-hint-push-gravity.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/tap-hint-push-gravity.csv"
if (!exists("output")) output = "out/plots/tap-hint-push-gravity.png"

# Castro's constants (docs/castro-scrubber.md).
castro_push = 4
castro_gravity = 2

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1700,600 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1700,600 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
# An empty cell (here: untouched, no contact within the run) becomes NaN and is not drawn: the
# grey background shows the unreachable region.
cell(name) = strcol(name) eq "" ? NaN : column(name)

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#bdbdbd" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "push magnitude (UIKit N·s, instantaneous)"
set ylabel "gravity magnitude (× 1000 pt/s²)"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
castro = "Castro: push 4, gravity 2"
untouched = "never touches the wall within 2 s"

set multiplot layout 1,3 title "Tap hint (left half, wall 10 pt, snap 0.35): push × gravity" font ",14"

set title "Hop: largest excursion before the contact"
set logscale cb
set cbrange [1:*]
set cblabel "hop (pt, log scale)"
plot data using "push":"gravity":(cell("hop_pt")) with image notitle, \
     "+" using (castro_push):(castro_gravity) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00e0ff" title castro, \
     NaN with boxes fillstyle solid fc rgb "#bdbdbd" title "no hop peak within 2 s"

set title "Contact: time of the first touch of the wall"
unset logscale cb
set cbrange [0:1.5]
set cblabel "contact time (s; 1.5 and more in yellow)"
plot data using "push":"gravity":(cell("contact_time_s")) with image notitle, \
     "+" using (castro_push):(castro_gravity) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00e0ff" title castro, \
     NaN with boxes fillstyle solid fc rgb "#bdbdbd" title untouched

set title "Hint total: tap to settled (within 0.5 pt) after the snap"
set cbrange [0:1.5]
set cblabel "hint total (s; 1.5 and more in yellow)"
plot data using "push":"gravity":(cell("hint_total_s")) with image notitle, \
     "+" using (castro_push):(castro_gravity) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00e0ff" title castro, \
     NaN with boxes fillstyle solid fc rgb "#bdbdbd" title untouched." or unsettled"

unset multiplot
