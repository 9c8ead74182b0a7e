# Experiment 4 (experiments/phone-width-push.toml): the same tap hint on phones 320 to 430 pt
# wide. Left: hop height against push magnitude, one line per width. Right: the hop at
# Castro's push against width, with the 1/width² law that a mass growing with the width gives
# (impulse / mass = speed, hop ∝ speed²).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/phone-width-push.csv'; output='out/plots/phone-width-push.png'" plots/phone-width-push.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/phone-width-push.csv"
if (!exists("output")) output = "out/plots/phone-width-push.png"

# Castro's constants (docs/castro-scrubber.md): push 4 on the 320 pt iPhone 5.
castro_push = 4
castro_width_pt = 320
widths = "320 375 390 393 430"

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
# An empty cell (see the CSV's flags column) becomes NaN and is left out.
cell(name) = strcol(name) eq "" ? NaN : column(name)

set grid lc rgb "#d0d0d0"
set key top left box opaque
set multiplot layout 1,2 title "Tap hint (right half, gravity 2, wall 10 pt) on wider phones: the mass effect" font ",14"

set title "Hop height against push, one line per phone width"
set xlabel "push magnitude (UIKit N·s, instantaneous)"
set ylabel "hop (pt)"
set arrow 1 from castro_push, graph 0 to castro_push, graph 1 nohead lc rgb "#00a0c0" lw 2 dt 2
plot for [w in widths] data using "push":(column("width_pt") == real(w) ? cell("hop_pt") : NaN) \
       with lines lw 2 title w." pt", \
     NaN with lines lc rgb "#00a0c0" lw 2 dt 2 title "Castro: push 4"

# The hop at push 4 on each width, and hop(320) × (320 / width)².
stats data using (column("width_pt") == castro_width_pt && column("push") == castro_push ? cell("hop_pt") : NaN) name "H" nooutput
set title "Hop at Castro's push 4 against phone width"
set xlabel "phone width = bar width (pt)"
set ylabel "hop (pt)"
unset arrow 1
set xrange [300:450]
set yrange [0:*]
plot data using "width_pt":(column("push") == castro_push ? cell("hop_pt") : NaN) \
       with points pt 7 ps 1.8 lc rgb "#b12a90" title "hop, simulated", \
     H_max * (castro_width_pt / x)**2 with lines dt 2 lw 2 lc rgb "#606060" title "hop(320 pt) × (320 / width)²", \
     "+" using (castro_width_pt):(H_max) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00a0c0" title "Castro: 320 pt, push 4"

unset multiplot
