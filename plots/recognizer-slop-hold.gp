# The recognizer experiment (experiments/recognizer-slop-hold.toml): a corpus of labelled
# touches (seeded synthetic taps, drags and holds, and any recorded in
# experiments/touches/corpus/) read at every slop (x) and hold time (y). Top: the four misread
# rates as heatmaps; bottom: every misread together, then the rates along the two lines through
# UIKit's defaults (10 pt, 0.5 s). docs/touches.md, "Recognizer experiment", says what each rate
# divides by.
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/recognizer-slop-hold.csv'; output='out/plots/recognizer-slop-hold.png'" plots/recognizer-slop-hold.gp
# The extension of `output` (.png or .svg) picks the format. Colours, ranges and labels below
# are yours to change; column names are the CSV's (see its # header for their definitions).

if (!exists("data")) data = "out/data/recognizer-slop-hold.csv"
if (!exists("output")) output = "out/plots/recognizer-slop-hold.png"

# UIKit's defaults: UILongPressGestureRecognizer.allowableMovement and minimumPressDuration.
uikit_slop_pt = 10
uikit_hold_s = 0.5
# The heatmaps' colour range (%): rates above it show in yellow.
rate_max_pct = 20

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1800,900 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1800,900 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
# The rates always have a value; rows off a cut become NaN, which the lines skip.
set datafile missing NaN
pct(name) = 100 * column(name)
at_hold(name) = abs(column("hold_s") - uikit_hold_s) < 1e-9 ? pct(name) : NaN
at_slop(name) = abs(column("slop_pt") - uikit_slop_pt) < 1e-9 ? pct(name) : NaN

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set autoscale xfix
set autoscale yfix
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set xlabel "slop (pt)"
set ylabel "hold time (s)"
set cbrange [0:rate_max_pct]
set arrow 1 from uikit_slop_pt, graph 0 to uikit_slop_pt, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2
set arrow 2 from graph 0, first uikit_hold_s to graph 1, first uikit_hold_s nohead front lc rgb "#00e0ff" lw 2 dt 2
uikit_mark = "UIKit: slop 10 pt, hold 0.5 s"

set multiplot layout 2,4 title "Recognizer slop × hold time: how often a tap, a drag or a hold is misread" font ",14"

set title "Tap taken as a drag (of the taps)"
set cblabel sprintf("%% (%d and more in yellow)", rate_max_pct)
plot data using "slop_pt":"hold_s":(pct("tap_as_drag_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(uikit_hold_s) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title uikit_mark

set title "Drag taken as a tap (of the drags)"
plot data using "slop_pt":"hold_s":(pct("drag_as_tap_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(uikit_hold_s) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title uikit_mark

set title "Hold missed (of the holds)"
plot data using "slop_pt":"hold_s":(pct("hold_missed_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(uikit_hold_s) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title uikit_mark

set title "False hold (of the taps and drags)"
plot data using "slop_pt":"hold_s":(pct("false_hold_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(uikit_hold_s) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title uikit_mark

set title "Every misread (of all traces)"
plot data using "slop_pt":"hold_s":(pct("misread_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(uikit_hold_s) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title uikit_mark

# The cuts through UIKit's defaults: plain line charts.
unset arrow 2
set grid back lc rgb "#d0d0d0" lw 1 dt 1
set autoscale y
set yrange [0:*]
set ylabel "misread (%)"
set key inside top right vertical
set title sprintf("At UIKit's hold time (%g s), against the slop", uikit_hold_s)
set xlabel "slop (pt)"
plot data using "slop_pt":(at_hold("tap_as_drag_rate")) with lines lw 2 lc rgb "#e16462" title "tap as drag", \
     data using "slop_pt":(at_hold("drag_as_tap_rate")) with lines lw 2 lc rgb "#6a00a8" title "drag as tap", \
     data using "slop_pt":(at_hold("hold_missed_rate")) with lines lw 2 lc rgb "#fca636" title "hold missed", \
     data using "slop_pt":(at_hold("false_hold_rate")) with lines lw 2 lc rgb "#2a9d8f" title "false hold", \
     data using "slop_pt":(at_hold("misread_rate")) with lines lw 3 lc rgb "#000000" dt 2 title "every misread"

unset arrow 1
set arrow 3 from uikit_hold_s, graph 0 to uikit_hold_s, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2
set title sprintf("At UIKit's slop (%g pt), against the hold time", uikit_slop_pt)
set xlabel "hold time (s)"
plot data using "hold_s":(at_slop("tap_as_drag_rate")) with lines lw 2 lc rgb "#e16462" title "tap as drag", \
     data using "hold_s":(at_slop("drag_as_tap_rate")) with lines lw 2 lc rgb "#6a00a8" title "drag as tap", \
     data using "hold_s":(at_slop("hold_missed_rate")) with lines lw 2 lc rgb "#fca636" title "hold missed", \
     data using "hold_s":(at_slop("false_hold_rate")) with lines lw 2 lc rgb "#2a9d8f" title "false hold", \
     data using "hold_s":(at_slop("misread_rate")) with lines lw 3 lc rgb "#000000" dt 2 title "every misread"

unset multiplot
