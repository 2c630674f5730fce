# nimber plot: the values of a game's sizes as a self-contained SVG picture (src/cli/plot.c).
# Each point or column carries a <title> with its sizes and values, which these cases read back
# and compare with `nimber table`; xmllint (Debian: libxml2-utils) checks the file is well formed.

# Every size has its point, with the value the table gives it.
$ nimber plot twothree --to 100 | xmllint --noout - && echo well-formed
> well-formed

$ nimber plot twothree --to 100 | grep -c '<circle class="v"'
> 100

$ diff <(nimber plot twothree --to 100 | sed -n 's|.*<title>\([0-9]*\): \([^<]*\)</title>.*|\1  \2|p') <(nimber table twothree --to 100) && echo same values
> same values

# A partizan game: one mark per pile, in the band of its outcome class.
$ nimber plot psub:3,7,10/2,6,7 --to 120 | xmllint --noout - && echo well-formed
> well-formed

$ diff <(nimber plot psub:3,7,10/2,6,7 --to 120 | sed -n 's|.*class="v".*<title>\([0-9]*\): \([LRNP]\)</title>.*|\1  \2|p') <(nimber table psub:3,7,10/2,6,7 --to 120) && echo same outcomes
> same outcomes

# A period longer than a column (8 piles here): each pile is valued, as the table does.
$ diff <(nimber plot psub:1,4,6/2,4,7 --to 100 | sed -n 's|.*class="v".*<title>\([0-9]*\): \([LRNP]\)</title>.*|\1  \2|p') <(nimber table psub:1,4,6/2,4,7 --to 100) && echo same outcomes
> same outcomes

# Downsampled bands (4 piles a column, period 7): each column marks exactly the classes of its
# piles, checked against the table (awk: the letters of each column's piles).
$ diff <(nimber plot psub:2,5/2,5 --to 3000 | sed -n 's|.*class="c".*<title>\([0-9]*\) to [0-9]*: \([LRNP]\)</title>.*|\1 \2|p' | awk '{ s[$1] = s[$1] $2 } END { for (c in s) print c, s[c] }' | sort -n) <(nimber table psub:2,5/2,5 --to 3000 | awk '{ c = int($1 / 4) * 4; s[c] = s[c] $2 } END { for (c in s) { t = ""; for (i = 1; i <= 4; i++) { x = substr("LNPR", i, 1); if (index(s[c], x)) t = t x } print c, t } }' | sort -n) && echo same classes
> same classes

# The proven period is marked: the preperiod, and the first period shaded; the caption says it.
$ nimber plot psub:3,7,10/2,6,7 --to 120 | grep -o 'class="preperiod"\|class="period"\|preperiod 53, period 1, proven[^<]*'
> preperiod 53, period 1, proven (checked for every x in [0, 64]: nimber period)
> class="period"
> class="preperiod"

# A multiplicative period: a line at its start and at each multiple by the ratio (36, 216).
$ nimber plot twothree --to 1000 | grep -o 'class="start" x1="[0-9.]*"\|class="ratio"\|g(x) = [^<]*'
> g(x) = g(floor(x/6)) for every x &#8805; 6, proven (checked for every x in [6, 17]: nimber period)
> class="start" x1="74.35"
> class="ratio"
> class="ratio"

# A game without a period engine says so.
# A caption too long for one line is two smaller ones, each within the picture (issue 18: the
# caption ran past the picture and was cut off).
$ nimber plot grundy --to 1000 | grep -o 'fill="#444" font-size="10">[^<]*' | awk '{ print (length($0) - 29 <= 167) }'
> 1
> 1

# The labels of the period's lines have a white halo under their letters: the x6 line beside
# `x >= 6`, the marks under `preperiod 0` do not run through them (issue 18).
$ nimber plot twothree --to 1000 | grep -o 'class="marker".*paint-order="stroke">[^<]*'
> class="marker" x="77.35" y="64" fill="#d97706" font-size="11" stroke="white" stroke-width="3" paint-order="stroke">x &#8805; 6
> class="marker" x="260.05" y="64" fill="#d97706" font-size="11" stroke="white" stroke-width="3" paint-order="stroke">&#215;6

$ nimber plot psub:1/2 --to 100 | grep -c 'paint-order="stroke">preperiod 0<'
> 1

$ nimber plot gurdurr --to 12 | grep -o 'no period proven: [^<]*'
> no period proven: tower has no period engine

# Past 870 sizes, each of the 870 columns shows every value of its sizes: the least and the
# greatest, checked here against the runs of the table (awk: every run meeting the column).
$ nimber plot twothree --to 100000 | grep -c 'class="c"'
> 870

$ nimber plot twothree --to 100000 | sed -n 's|.*class="c".*<title>\([0-9]*\) to \([0-9]*\): \([^<]*\)</title>.*|\1 \2 \3|p' | tr -d '*' | awk -v runs="$(nimber table twothree --to 100000 --runs | tr -d '[],*')" 'BEGIN { n = split(runs, r, "\n"); for (i = 1; i <= n; i++) { split(r[i], f, " "); a[i] = f[1]; b[i] = f[2]; v[i] = f[3] } } { lo = -1; hi = -1; for (i = 1; i <= n; i++) if (b[i] >= $1 && a[i] <= $2) { if (lo < 0 || v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] } want = (lo == hi) ? lo : lo " to " hi; got = ($4 == "to") ? $3 " to " $5 : $3; if (got != want) { bad++; print "column " $1 "-" $2 ": " got ", expected " want } } END { print NR " columns, " bad + 0 " wrong" }'
> 870 columns, 0 wrong

# A preperiod inside a column (Kayles: s = 71 in the column of sizes 69 to 91): the sizes before
# s one by one, a whole period after it; each column's least and greatest value against the table.
$ awk 'NR==FNR { for (n = $1; n <= $2; n++) col[n] = $1; got[$1] = ($4 == "to") ? $3 " to " $5 : $3; next } { c = col[$1]; v = $2 + 0; if (!(c in lo) || v < lo[c]) lo[c] = v; if (!(c in hi) || v > hi[c]) hi[c] = v } END { for (c in got) { want = (lo[c] == hi[c]) ? lo[c] : lo[c] " to " hi[c]; if (got[c] != want) { bad++; print "column " c ": " got[c] ", expected " want }; k++ } print k " columns, " bad + 0 " wrong" }' <(nimber plot kayles --to 20000 | sed -n 's|.*class="c".*<title>\([0-9]*\) to \([0-9]*\): \([^<]*\)</title>.*|\1 \2 \3|p' | tr -d '*') <(nimber table kayles --to 20000 | tr -d '*')
> 870 columns, 0 wrong

# ... and so it draws 10^11 heaps at once (it valued the first column's 10^8 sizes and gave up).
$ nimber plot kayles --to 100000000000 | grep -c 'class="c"'
> 870

# Division games prove their runs: 2^64-1 heaps are drawn at once, in 870 columns.
$ nimber plot twothree --to 18446744073709551615 | xmllint --noout - && echo well-formed
> well-formed

$ nimber plot twothree --to 18446744073709551615 | grep -c 'class="c"'
> 870

# The size axis's labels read in one scale, the step's power of ten (issue 18: they read 5x10^18,
# 1x10^19, 15x10^18).
$ nimber plot twothree --to 18446744073709551615 | grep -o '[0-9]*×10<tspan dy="-5" font-size="9">[0-9]*'
> 5×10<tspan dy="-5" font-size="9">18
> 10×10<tspan dy="-5" font-size="9">18
> 15×10<tspan dy="-5" font-size="9">18

# A proven additive period no longer than a column: the columns past it hold one period's
# values, valued once, so 10^18 piles take no longer than a few (psub:1/2: P L N repeating).
# The file's size is bounded whatever N is, as the help says: at most 450 KB for outcome classes
# (issue 18: it said about 100 KB, and this plot writes 449,542 bytes), about 130 KB for values.
$ nimber plot --help | grep -o 'about 130 KB for Grundy\|at most 450 KB for outcome classes'
> about 130 KB for Grundy
> at most 450 KB for outcome classes

$ nimber plot psub:1/2 --to 1000000000000000000 | wc -c | awk '{ print ($1 <= 450 * 1024) }'
> 1

$ nimber plot twothree --to 18446744073709551615 | wc -c | awk '{ print ($1 <= 130 * 1024) }'
> 1

$ nimber plot psub:1/2 --to 1000000000000000000 | grep -c 'class="c"'
> 2610

$ nimber plot psub:1/2 --to 1000000000000000000 | grep -o '<title>[0-9]* to 1000000000000000000: [LNPR]</title>'
> <title>998850574712643818 to 1000000000000000000: L</title>
> <title>998850574712643818 to 1000000000000000000: N</title>
> <title>998850574712643818 to 1000000000000000000: P</title>

# --from starts later; -o writes a file; '-' is standard output.
$ nimber plot twothree --from 50 --to 60 | sed -n 's|.*<title>\([0-9]*\): \([^<]*\)</title>.*|\1  \2|p' | head -n 2
> 50  0
> 51  0

$ d=$(mktemp -d) && nimber plot twothree --to 10 -o "$d/t.svg" && xmllint --noout "$d/t.svg" && echo written; rm -rf "$d"
> written

$ nimber plot twothree --to 3 -o - | grep -c '<circle'
> 3

# Errors.
$ nimber plot twothree --to 10 -o /nonexistent/t.svg
! nimber: plot: cannot write '/nonexistent/t.svg': No such file or directory
? 74

$ nimber plot twothree --to 10 > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ nimber plot twothree
! nimber: plot: --to N is required (see 'nimber plot --help')
? 64

$ nimber plot twothree --to 5 --from 6
! nimber: plot: --to 5 is below --from 6 (see 'nimber plot --help')
? 64

$ nimber plot twothree --from 0 --to 6
! nimber: plot: the smallest heap is 1, not 0 (see 'nimber plot --help')
? 64

$ nimber plot gurdurr --to 30
! nimber: towers of III layers run from 1 to 24 layers, not 30
? 64

$ nimber plot twothree tower --to 3
! nimber: plot: expected one GAME (see 'nimber plot --help')
? 64
