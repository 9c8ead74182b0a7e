# The dial experiment (experiments/dial-deadspot-slop.toml): a corpus of labelled touches laid
# round a 12-label dial (seeded synthetic taps on the labels, turning drags about the centre,
# holds on the disc) read at every slop (x) and tracked at every dead spot radius (y). Top: the
# misread rates and the mean turn error as heatmaps; bottom right: the rates along the line
# through UIKit's 10 pt slop, against the dead spot. docs/touches.md, "Rotary experiment", says
# what each rate divides by.
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/dial-deadspot-slop.csv'; output='out/plots/dial-deadspot-slop.png'" plots/dial-deadspot-slop.gp
# The extension of `output` (.png or .svg) picks the format. Colours, ranges and labels below
# are yours to change; column names are the CSV's (see its # header for their definitions).

if (!exists("data")) data = "out/data/dial-deadspot-slop.csv"
if (!exists("output")) output = "out/plots/dial-deadspot-slop.png"

# UIKit's slop (UILongPressGestureRecognizer.allowableMovement) and the "Click" author's dead
# spot (MIN_DISTANCE, docs/tempo-dial.md).
uikit_slop_pt = 10
author_dead_zone_pt = 22
# The heatmaps' colour range: rates (%) above it, and turn errors (deg) above the second, show
# in yellow. 15° is half a label spacing of a 12-label dial.
rate_max_pct = 20
error_max_deg = 30

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
# Rows off the cut become NaN, which the lines skip; an empty turn error (no turn read as a
# drag) too.
set datafile missing NaN
pct(name) = 100 * column(name)
at_slop(name) = abs(column("slop_pt") - uikit_slop_pt) < 1e-9 ? pct(name) : NaN

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set autoscale xfix
set autoscale yfix
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set xlabel "slop (pt)"
set ylabel "dead spot radius (pt)"
set cbrange [0:rate_max_pct]
set arrow 1 from uikit_slop_pt, graph 0 to uikit_slop_pt, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2
set arrow 2 from graph 0, first author_dead_zone_pt to graph 1, first author_dead_zone_pt nohead front lc rgb "#00e0ff" lw 2 dt 2
mark = "UIKit's slop 10 pt, the author's dead spot 22 pt"

set multiplot layout 2,3 title "Dial dead spot × slop: how often a tap, a turn or a hold on a 12-label dial is misread" font ",14"

set title "Tap on a label taken as a turn (of the taps)"
set cblabel sprintf("%% (%d and more in yellow)", rate_max_pct)
plot data using "slop_pt":"dead_zone_pt":(pct("tap_as_turn_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(author_dead_zone_pt) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title mark

set title "Turn taken as a tap (of the turns)"
plot data using "slop_pt":"dead_zone_pt":(pct("turn_as_tap_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(author_dead_zone_pt) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title mark

set title "Turn lost: off by more than π/N (of the turns)"
plot data using "slop_pt":"dead_zone_pt":(pct("turn_lost_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(author_dead_zone_pt) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title mark

set title "Every dial misread (of all traces)"
plot data using "slop_pt":"dead_zone_pt":(pct("rotary_misread_rate")) with image notitle, \
     "+" using (uikit_slop_pt):(author_dead_zone_pt) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title mark

set title "Mean turn error (deg, of the turns read as drags)"
set cbrange [0:error_max_deg]
set cblabel sprintf("deg (%d and more in yellow)", error_max_deg)
plot data using "slop_pt":"dead_zone_pt":"turn_error_deg" with image notitle, \
     "+" using (uikit_slop_pt):(author_dead_zone_pt) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title mark

# The cut through UIKit's slop: a plain line chart against the dead spot.
unset arrow 1
unset arrow 2
set arrow 3 from author_dead_zone_pt, graph 0 to author_dead_zone_pt, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2
set grid back lc rgb "#d0d0d0" lw 1 dt 1
set autoscale y
set yrange [0:*]
set ylabel "misread (%)"
set xlabel "dead spot radius (pt)"
set key inside top left vertical
set title sprintf("At UIKit's slop (%g pt), against the dead spot", uikit_slop_pt)
plot data using "dead_zone_pt":(at_slop("tap_as_turn_rate")) with lines lw 2 lc rgb "#e16462" title "tap as turn", \
     data using "dead_zone_pt":(at_slop("turn_as_tap_rate")) with lines lw 2 lc rgb "#6a00a8" title "turn as tap", \
     data using "dead_zone_pt":(at_slop("turn_lost_rate")) with lines lw 2 lc rgb "#fca636" title "turn lost", \
     data using "dead_zone_pt":(at_slop("rotary_misread_rate")) with lines lw 3 lc rgb "#000000" dt 2 title "every dial misread"

unset multiplot
