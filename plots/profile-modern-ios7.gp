# Experiment 5 (experiments/profile-modern-ios7.toml): experiment 1's grid (snap damping ×
# release distance) under the modern profile (1/120 s sub-steps, iOS 8 and later) and the
# ios7 profile (0.004 s sub-steps, clamped damping). Left and middle: where they differ,
# iOS 7 minus modern, for overshoot (pt) and settle time (s); white is no difference. Right:
# overshoot as a share of the release against damping, both profiles, at three releases.
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/profile-modern-ios7.csv'; output='out/plots/profile-modern-ios7.png'" plots/profile-modern-ios7.gp
# The extension of `output` (.png or .svg) picks the format. The CSV lists each grid point's
# modern row followed by its ios7 row (profile is the innermost axis, release the outermost);
# the differences are computed from those pairs below.

if (!exists("data")) data = "out/data/profile-modern-ios7.csv"
if (!exists("output")) output = "out/plots/profile-modern-ios7.png"

# Castro's constant (docs/castro-scrubber.md).
castro_damping = 0.35
releases = "40 80 160"

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1800,600 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1800,600 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
cell(name) = strcol(name) eq "" ? NaN : column(name)

# The differences ios7 − modern, one line per grid point, into the datablock $diff:
# damping, release_pt, Δovershoot_pt, Δsettle_time_s.
set table $diff
plot data using "damping":"release_pt": \
       (o = cell("overshoot_pt"), s = cell("settle_time_s"), \
        strcol("profile") eq "modern" ? (mo = o, ms = s, 0) : o - mo): \
       (strcol("profile") eq "modern" ? 0 : s - ms) \
     with table if (strcol("profile") eq "ios7")
unset table

# ---- style -----------------------------------------------------------------------------------
# Diverging: blue where iOS 7 is lower, red where it is higher, white where they agree.
set palette defined (-1 "#2166ac", -0.5 "#92c5de", 0 "#f7f7f7", 0.5 "#f4a582", 1 "#b2182b")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#bdbdbd" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "snap damping (damping ratio)"
set ylabel "release distance (pt)"
set key below horizontal
set grid front lc rgb "#808080" lw 0.5 dt 3
set arrow 1 from castro_damping, graph 0 to castro_damping, graph 1 nohead front lc rgb "#00a0c0" lw 2 dt 3

set multiplot layout 1,3 title "Profile ios7 vs modern: the snap after a release, 320 pt bar" font ",14"

set datafile separator whitespace
set datafile nocolumnheaders
set title "Overshoot, iOS 7 minus modern"
set cbrange [-10:10]
set cblabel "Δ overshoot (pt)"
plot $diff using 1:2:3 with image notitle, \
     NaN with lines lc rgb "#00a0c0" lw 2 dt 3 title "Castro: damping 0.35", \
     NaN with boxes fillstyle solid fc rgb "#bdbdbd" title "no value in a profile"

set title "Settle time, iOS 7 minus modern"
set cbrange [-0.3:0.3]
set cblabel "Δ settle time (s)"
plot $diff using 1:2:4 with image notitle, \
     NaN with lines lc rgb "#00a0c0" lw 2 dt 3 title "Castro: damping 0.35", \
     NaN with boxes fillstyle solid fc rgb "#bdbdbd" title "unsettled in a profile"

set datafile separator comma
set datafile columnheaders
unset object 1
set grid back lc rgb "#d0d0d0" lw 1 dt 1
set title "Overshoot / release against damping"
set xlabel "snap damping (damping ratio)"
set ylabel "overshoot (% of the release)"
set autoscale y
set key below horizontal
# One colour per release; solid: modern (every second row from the first), dashed: ios7
# (every second row from the second). One release's rows are consecutive in the CSV.
plot for [i=1:words(releases)] data every 2::0 using "damping":(column("release_pt") == real(word(releases, i)) ? cell("overshoot_pct") : NaN) \
       with lines lw 2 lc i dt 1 title "modern, ".word(releases, i)." pt", \
     for [i=1:words(releases)] data every 2::1 using "damping":(column("release_pt") == real(word(releases, i)) ? cell("overshoot_pct") : NaN) \
       with lines lw 2 lc i dt 2 title "ios7, ".word(releases, i)." pt", \
     NaN with lines lc rgb "#00a0c0" lw 2 dt 3 title "Castro: damping 0.35"

unset multiplot
