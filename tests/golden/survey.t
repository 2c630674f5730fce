# nimber survey: every game of a class (src/cli/survey.c). Seconds vary: they are masked (S).
# oct:1 to 2000 heaps: the table in class order, 0.3 grouped as sub:1 (R3), the open 0.6 with
# its statistics, the games with equal proven values (R4) in the summary.
$ set -o pipefail; nimber survey oct:1 --max 2000 | sed -E 's/ [0-9]+\.[0-9]{3}$/ S/; s/[0-9.]+ s of work/S s of work/'
> game           status  preperiod    period checked_to  largest largest_at     rare  last_rare  seconds
> oct:0.0        trivial         0         1         64        0          0        -          -    S
> oct:0.1        trivial         2         1         64        1          1        -          -    S
> oct:0.2        trivial         1         2         64        1          2        -          -    S
> sub:1          trivial         0         2         64        1          1        -          -    S
>     members: oct:0.3 (R3: a code with d0 = 0 and digits 0 or 3 has the moves of sub:{j : dj = 3})
> oct:0.4        solved         54        34        182        9         87        -          -    S
> oct:0.5        solved          0         2         64        1          1        0          0    S
> oct:0.6        open            -         -       2000       64       1945        -          -    S
> oct:0.7        solved          0         2         64        1          1        0          0    S
> oct:4.0        solved          1         2         64        1          2        -          -    S
>     members: oct:4.0 oct:4.2 (R5: a move worth what another move of the same heap is worth always is dropped)
> oct:4.1        solved          1         1         64        1          1        1          0    S
> oct:4.3        solved          2         2         64        2          2        -          -    S
> oct:4.4        solved         72        12        182        8         28       11         71    S
>     members: oct:4.4 oct:4.6 (R5: a move worth what another move of the same heap is worth always is dropped)
> oct:4.5        solved          1         1         64        1          1        1          0    S
> oct:4.7        solved          1         2         64        2          2        0          0    S
> 
> survey oct:1: 16 specs, 14 games: 4 trivial, 9 solved, 1 open; S s of work
> same values (R4: equal least preperiod and period, and equal values before the period's end):
>   oct:0.2 = oct:4.0
>   sub:1 = oct:0.5 = oct:0.7
>   oct:4.1 = oct:4.5

# JSON Lines: one object per game, then the summary
$ nimber survey sub:2 --json | sed -E 's/"seconds":[0-9.]+/"seconds":S/; s/"check":"[0-9a-f]+"/"check":C/'
> {"game":"sub:1","members":["sub:1"],"status":"trivial","preperiod":0,"period":2,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":1,"largest_at":1,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":S,"bytes":280,"check":C}
> {"game":"sub:2","members":["sub:2"],"status":"trivial","preperiod":0,"period":4,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":1,"largest_at":2,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":S,"bytes":280,"check":C}
> {"game":"sub:1,2","members":["sub:1,2"],"status":"trivial","preperiod":0,"period":3,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":2,"largest_at":2,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":S,"bytes":280,"check":C}
> {"summary":{"survey":"sub:2","specs":3,"games":3,"trivial":3,"solved":0,"open":0,"not_computed":0,"seconds":S,"same_values":[]}}
$ printf 'oct:0.45  # Flammenkamp: prefix 498, period 20\n\n# a comment\nhex:0.3\noct:0.30\n' >/tmp/nb_survey_$$.txt && nimber survey file:/tmp/nb_survey_$$.txt --json | sed -E 's/"seconds":[0-9.]+/"seconds":S/; s/"check":"[0-9a-f]+"/"check":C/; s/nb_survey_[0-9]+/nb_survey_N/'; rm -f /tmp/nb_survey_$$.txt
> {"game":"oct:0.45","members":["oct:0.45"],"status":"solved","preperiod":498,"period":20,"theorem":"theorem T3 (Guy and Smith: codes with two-heap splits, W = 2s' + 2p + k)","saltus":0,"checked_to":1045,"largest":8,"largest_at":37,"rare_mask":15,"rare_pos":false,"rare_count":11,"last_rare":198,"seconds":S,"bytes":4541,"check":C}
> {"game":"sub:1","members":["hex:0.3","oct:0.30"],"status":"trivial","preperiod":0,"period":2,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":1,"largest_at":1,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":S,"bytes":280,"check":C}
> {"summary":{"survey":"file:/tmp/nb_survey_N.txt","specs":3,"games":2,"trivial":1,"solved":1,"open":0,"not_computed":0,"seconds":S,"same_values":[]}}

# --jobs: the same records for every J (the finished file is in class order; only seconds differ)
$ d=$(mktemp -d) && nimber survey oct:2 --max 1000 -o "$d/a" >/dev/null && nimber survey oct:2 --max 1000 --jobs 3 -o "$d/b" >/dev/null && sed -E 's/"seconds":[0-9.]+//; s/"check":"[0-9a-f]+"//' "$d/a" >"$d/a2" && sed -E 's/"seconds":[0-9.]+//; s/"check":"[0-9a-f]+"//' "$d/b" >"$d/b2" && cmp "$d/a2" "$d/b2" && wc -l <"$d/a"; rm -rf "$d"
> 75

# --jobs 2 with --max 65,536 or more probes every game first and hands them out longest first:
# the same records as --jobs 1, bytes included (R5 joins 4.05 to 4.04)
$ d=$(mktemp -d) && cd "$d" && printf 'sub:1\noct:0.156\noct:0.6\noct:4.05\noct:0.34\n' >f && nimber survey file:f --max 65536 --no-seconds -o a >/dev/null && nimber survey file:f --max 65536 --no-seconds --jobs 2 -o b | cut -c1-60 | sed -E "s/ +$//" && cmp a b && echo same; rm -rf "$d"
> game           status  preperiod    period checked_to  large
> sub:1          trivial         0         2         64
> oct:0.156      solved       3479       349       7715
> oct:0.6        open            -         -      65536      2
> oct:4.04       solved          1         2         64
>     members: oct:4.05 (R5: a move worth what another move of
> oct:0.34       solved          7         8         64
> 
> survey file:f: 5 specs, 5 games: 1 trivial, 3 solved, 1 open
> same
~ slow

# --resume: a file cut in the middle of a line (a survey stopped while writing) is continued, the
# cut line's game computed again; the result is the survey run at once
# a file already complete is resumed at once
$ d=$(mktemp -d) && nimber survey oct:2 --max 1000 -o "$d/a" >/dev/null && head -c 9000 "$d/a" >"$d/b" && tail -c 20 "$d/b" | wc -l && nimber survey oct:2 --max 1000 --resume "$d/b" --json | tail -1 | sed -E 's/"seconds":[0-9.]+/"seconds":S/' && sed -E 's/"seconds":[0-9.]+//; s/"check":"[0-9a-f]+"//' "$d/a" >"$d/a2" && sed -E 's/"seconds":[0-9.]+//; s/"check":"[0-9a-f]+"//' "$d/b" >"$d/b2" && cmp "$d/a2" "$d/b2" && echo same; rm -rf "$d"
> 0
> {"summary":{"survey":"oct:2","specs":128,"games":74,"trivial":16,"solved":45,"open":13,"not_computed":0,"seconds":S,"same_values":[["oct:0.05","oct:0.2","oct:0.21","oct:0.24","oct:4.0","oct:4.04"],["oct:0.22","oct:0.23"],["oct:0.26","oct:4.02","oct:4.06"],["sub:1","oct:0.5","oct:0.7"],["oct:0.51","oct:0.55","oct:4.1","oct:4.14","oct:4.5","oct:4.54"],["oct:0.57","oct:4.16","oct:4.52","oct:4.56"],["oct:0.75","oct:4.7","oct:4.74"],["oct:4.3","oct:4.34"],["oct:4.32","oct:4.36"],["oct:4.72","oct:4.76"]]}}
> same

# --no-seconds: every run prints the same (seconds null in JSON, - in the table, none in the
# summary), and the file's lines keep null; --resume reads them back
$ d=$(mktemp -d) && cd "$d" && nimber survey sub:2 --no-seconds -o s | tail -2 && cat s && nimber survey sub:2 --resume s --json --no-seconds | tail -1
> 
> survey sub:2: 3 specs, 3 games: 3 trivial, 0 solved, 0 open
> {"survey":"sub:2","max":1048576,"time":0}
> {"game":"sub:1","members":["sub:1"],"status":"trivial","preperiod":0,"period":2,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":1,"largest_at":1,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":null,"bytes":280,"check":"3165604ac216fdb3"}
> {"game":"sub:2","members":["sub:2"],"status":"trivial","preperiod":0,"period":4,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":1,"largest_at":2,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":null,"bytes":280,"check":"f40e0f5d5e02e376"}
> {"game":"sub:1,2","members":["sub:1,2"],"status":"trivial","preperiod":0,"period":3,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":2,"largest_at":2,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":null,"bytes":280,"check":"c258a9e662898b51"}
> {"summary":{"survey":"sub:2","specs":3,"games":3,"trivial":3,"solved":0,"open":0,"not_computed":0,"seconds":null,"same_values":[]}}
$ nimber survey oct:1 --max 2000 --no-seconds | head -2
> game           status  preperiod    period checked_to  largest largest_at     rare  last_rare  seconds
> oct:0.0        trivial         0         1         64        0          0        -          -        -

# --total-time S: a budget for the whole run. A budget it does not reach changes no result (the
# games step by eighths from 4096 heaps under it: the same records but for "bytes", the tables'
# memory, which grows step by step; 0.156 is proven past the first step, 0.6 and 0.06 stay open)
$ d=$(mktemp -d) && cd "$d" && printf 'oct:0.156\noct:0.6\noct:0.06\n' >f && a=$(nimber survey file:f --max 20000 --no-seconds --json | sed -E 's/"bytes":[0-9]+,"check":"[0-9a-f]+"//') && b=$(nimber survey file:f --max 20000 --no-seconds --json --total-time 1e6 | sed -E 's/"bytes":[0-9]+,"check":"[0-9a-f]+"//') && [ "$a" = "$b" ] && echo "$b" | sed -E 's/^[{]"game":"([^"]+)".*"status":"([^"]+)".*"checked_to":([0-9]+).*/\1 \2, checked to \3/; s/^[{]"summary".*"solved":([0-9]+),"open":([0-9]+).*/solved \1, open \2/'; rm -rf "$d"
~ slow
> oct:0.156 solved, checked to 7715
> oct:0.6 open, checked to 20000
> oct:0.06 open, checked to 20000
> solved 1, open 2
# one it reaches: the game running (oct:0.04, to 10^6 heaps: minutes) is stopped and not
# computed, with every game not started; they stay out of the file, and --resume computes them
# (here the game after it, on a second thread, while the first stops at the budget again)
$ d=$(mktemp -d) && cd "$d" && printf 'sub:1\noct:0.04\nsub:2\n' >f && nimber survey file:f --max 1000000 --total-time 0.5 --no-seconds -o s; echo "exit $?"; cut -c1-40 s; nimber survey file:f --max 1000000 --total-time 0.5 --no-seconds --resume s --jobs 2 --json | cut -c1-132; cut -c1-40 s
> game           status  preperiod    period checked_to  largest largest_at     rare  last_rare  seconds
> sub:1          trivial         0         2         64        1          1        -          -        -
> oct:0.04       not computed (--total-time ran out)
> sub:2          not computed (--total-time ran out)
> 
> survey file:f: 3 specs, 3 games: 1 trivial, 0 solved, 0 open, 2 not computed (--total-time ran out)
> exit 0
> {"survey":"file:f","max":1000000,"time":
> {"game":"sub:1","members":["sub:1"],"sta
> {"game":"sub:1","members":["sub:1"],"status":"trivial","preperiod":0,"period":2,"theorem":"theorem T1 (subtraction games, W = s + p 
> {"game":"oct:0.04","members":["oct:0.04"],"status":"not computed"}
> {"game":"sub:2","members":["sub:2"],"status":"trivial","preperiod":0,"period":4,"theorem":"theorem T1 (subtraction games, W = s + p 
> {"summary":{"survey":"file:f","specs":3,"games":3,"trivial":2,"solved":0,"open":0,"not_computed":1,"seconds":null,"same_values":[]}}
> {"survey":"file:f","max":1000000,"time":
> {"game":"sub:1","members":["sub:1"],"sta
> {"game":"sub:2","members":["sub:2"],"sta
! nimber: survey: --total-time ran out: 2 of 3 games not computed; --resume 's' computes them
! nimber: survey: --total-time ran out: 1 of 3 games not computed; --resume 's' computes them
# without -o the message says how to keep the games done
$ printf 'oct:0.04\n' >/tmp/nb_survey_$$.txt && nimber survey file:/tmp/nb_survey_$$.txt --total-time 0.2 --json | sed -E 's/nb_survey_[0-9]+/nb_survey_N/; s/"seconds":[0-9.]+/"seconds":S/'; rm -f /tmp/nb_survey_$$.txt
> {"game":"oct:0.04","members":["oct:0.04"],"status":"not computed"}
> {"summary":{"survey":"file:/tmp/nb_survey_N.txt","specs":1,"games":1,"trivial":0,"solved":0,"open":0,"not_computed":1,"seconds":S,"same_values":[]}}
! nimber: survey: --total-time ran out: 1 of 1 games not computed (with -o FILE, --resume FILE would compute them)

# a file already complete is resumed at once
$ d=$(mktemp -d) && cd "$d" && nimber survey sub:2 -o s >/dev/null && nimber survey sub:2 --resume s | tail -2 | sed -E 's/[0-9.]+ s of work/S s of work/'; rm -rf "$d"
> 
> survey sub:2: 3 specs, 3 games: 3 trivial, 0 solved, 0 open; S s of work

# Arithmetic periodicity proven (Theorem A, src/heap/heaparith.c): solved, with its saltus in
# the table ("7(+4)": period 7, saltus 4) and in the JSON; read back by --resume. hex:0.3F grows
# by 3 every 6 heaps, no power of 2: open.
$ d=$(mktemp -d) && cd "$d" && printf 'hex:0.8F\nhex:0.8\nhex:0.3F\n' >f && nimber survey file:f --max 300 --no-seconds -o s && nimber survey file:f --max 300 --no-seconds --resume s --json | sed -E 's/"bytes":[0-9]+,"check":"[0-9a-f]+"//'; rm -rf "$d"
> game           status  preperiod    period checked_to  largest largest_at     rare  last_rare  seconds
> hex:0.8F       solved          7     7(+4)        300      170        299        -          -        -
> hex:0.8        solved          1     3(+1)        300       99        298        -          -        -
> hex:0.3F       open            -         -        300      149        296        -          -        -
> 
> survey file:f: 3 specs, 3 games: 0 trivial, 2 solved, 1 open
> {"game":"hex:0.8F","members":["hex:0.8F"],"status":"solved","preperiod":7,"period":7,"theorem":"Theorem A (hexadecimal codes with three-heap splits; saltus a power of 2)","saltus":4,"checked_to":300,"largest":170,"largest_at":299,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":null,}
> {"game":"hex:0.8","members":["hex:0.8"],"status":"solved","preperiod":1,"period":3,"theorem":"Theorem A (hexadecimal codes with three-heap splits; saltus a power of 2)","saltus":1,"checked_to":300,"largest":99,"largest_at":298,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":null,}
> {"game":"hex:0.3F","members":["hex:0.3F"],"status":"open","preperiod":null,"period":null,"theorem":null,"saltus":null,"checked_to":300,"largest":149,"largest_at":296,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":null,}
> {"summary":{"survey":"file:f","specs":3,"games":3,"trivial":0,"solved":2,"open":1,"not_computed":0,"seconds":null,"same_values":[]}}

# every line is checked (its "check" key is a hash of the bytes before it): a line changed, a
# game twice, a game of another class, another survey's header, a file that is not a survey
$ d=$(mktemp -d) && cd "$d" && nimber survey oct:1 --max 100 -o s >/dev/null && sed -i '3s/"largest":1/"largest":2/' s && nimber survey oct:1 --max 100 --resume s; echo "exit $?"; rm -rf "$d"
> exit 65
! nimber: survey: --resume 's' line 3: damaged: not a game's line as a survey writes it
$ d=$(mktemp -d) && cd "$d" && nimber survey oct:1 --max 100 -o s >/dev/null && sed -n 4p s >>s && nimber survey oct:1 --max 100 --resume s; echo "exit $?"; rm -rf "$d"
> exit 65
! nimber: survey: --resume 's' line 16: a game listed already
$ d=$(mktemp -d) && cd "$d" && nimber survey oct:1 --max 100 -o s >/dev/null && sed -i '1s/oct:1/oct:2/' s && nimber survey oct:2 --max 100 --resume s; echo "exit $?"; rm -rf "$d"
> exit 65
! nimber: survey: --resume 's' line 2: a game this survey does not have (a file of another survey?)
$ d=$(mktemp -d) && cd "$d" && nimber survey oct:1 --max 100 -o s >/dev/null && nimber survey oct:1 --max 200 --resume s; echo "exit $?"; rm -rf "$d"
> exit 65
! nimber: survey: --resume 's' line 1: not the header of this survey (expected {"survey":"oct:1","max":200,"time":0})
$ d=$(mktemp -d) && cd "$d" && : >s && nimber survey oct:1 --resume s; echo "exit $?"; rm -rf "$d"
> exit 65
! nimber: survey: --resume 's' line 1: no header: not a survey file
$ d=$(mktemp -d) && cd "$d" && printf 'x\n' >s && nimber survey oct:1 --resume s; echo "exit $?"; rm -rf "$d"
> exit 65
! nimber: survey: --resume 's' line 1: not the header of this survey (expected {"survey":"oct:1","max":1048576,"time":0})
$ nimber survey oct:1 --resume /nonexistent/survey.jsonl
! nimber: survey: cannot read '/nonexistent/survey.jsonl': No such file or directory
? 66

# the output file is never overwritten without --resume or --force
$ d=$(mktemp -d) && cd "$d" && echo keep >s && nimber survey sub:1 -o s; echo "exit $?"; cat s; rm -rf "$d"
> exit 64
> keep
! nimber: survey: 's' exists: --resume 's' continues it, --force overwrites it (see 'nimber survey --help')
$ d=$(mktemp -d) && cd "$d" && echo old >s && nimber survey sub:1 -o s --force >/dev/null && sed -E 's/"seconds":[0-9.]+/"seconds":S/; s/"check":"[0-9a-f]+"/"check":C/' s; rm -rf "$d"
> {"survey":"sub:1","max":1048576,"time":0}
> {"game":"sub:1","members":["sub:1"],"status":"trivial","preperiod":0,"period":2,"theorem":"theorem T1 (subtraction games, W = s + p + k, k = max S)","saltus":0,"checked_to":64,"largest":1,"largest_at":1,"rare_mask":null,"rare_pos":null,"rare_count":null,"last_rare":null,"seconds":S,"bytes":280,"check":C}
$ nimber survey sub:1 -o a --resume b
! nimber: survey: -o and --resume both name the output: give one (see 'nimber survey --help')
? 64
$ nimber survey sub:1 --force
! nimber: survey: --force overwrites the file of -o: give -o FILE (see 'nimber survey --help')
? 64

# bad classes and options
$ nimber survey dec:2
! nimber: survey: unknown class 'dec:2' (classes: oct:DIGITS, hex:DIGITS, sub:MAX, file:PATH) (see 'nimber survey --help')
? 64
$ nimber survey oct:0
! nimber: survey: class 'oct:0': DIGITS must be an integer from 1 to 6 (the cap of a survey) (see 'nimber survey --help')
? 64
$ nimber survey oct:7
! nimber: survey: class 'oct:7': DIGITS must be an integer from 1 to 6 (the cap of a survey) (see 'nimber survey --help')
? 64
$ nimber survey hex:5
! nimber: survey: class 'hex:5': DIGITS must be an integer from 1 to 4 (the cap of a survey) (see 'nimber survey --help')
? 64
$ nimber survey sub:21
! nimber: survey: class 'sub:21': MAX must be an integer from 1 to 20 (the cap of a survey) (see 'nimber survey --help')
? 64
$ nimber survey oct:two
! nimber: survey: class 'oct:two': DIGITS must be an integer from 1 to 6 (the cap of a survey) (see 'nimber survey --help')
? 64
$ nimber survey
! nimber: survey: expected one CLASS (see 'nimber survey --help')
? 64
$ nimber survey oct:1 oct:2
! nimber: survey: expected one CLASS (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --jobs 0
! nimber: survey: --jobs expects an integer from 1 to 256, found '0' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --jobs 257
! nimber: survey: --jobs expects an integer from 1 to 256, found '257' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --max 0
! nimber: survey: --max expects a positive integer, found '0' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --time 0
! nimber: survey: --time expects seconds above 0, found '0' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --time soon
! nimber: survey: --time expects seconds above 0, found 'soon' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --total-time 0
! nimber: survey: --total-time expects seconds above 0, found '0' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --total-time -5
! nimber: survey: --total-time expects seconds above 0, found '-5' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --total-time 1h
! nimber: survey: --total-time expects seconds above 0, found '1h' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --total-time nan
! nimber: survey: --total-time expects seconds above 0, found 'nan' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --total-time 1e10
! nimber: survey: --total-time expects seconds above 0, found '1e10' (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --total-time
! nimber: survey: option '--total-time' needs a value (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --no-seconds=yes
! nimber: survey: option '--no-seconds' takes no value (see 'nimber survey --help')
? 64
$ nimber survey oct:1 --jbos 2
! nimber: survey: unknown option '--jbos': did you mean '--jobs'? (see 'nimber survey --help')
? 64

# file:PATH: a missing file, a bad spec (its line named), a spec twice, no spec at all
$ nimber survey file:/nonexistent/specs.txt
! nimber: survey: cannot read '/nonexistent/specs.txt': No such file or directory
? 66
$ printf 'oct:0.7\n\nkayles\n' >/tmp/nb_survey_$$.txt && nimber survey file:/tmp/nb_survey_$$.txt 2>&1 | sed "s/nb_survey_[0-9]*/nb_survey_N/"; s=${PIPESTATUS[0]}; rm -f /tmp/nb_survey_$$.txt; exit $s
> nimber: survey: /tmp/nb_survey_N.txt line 3: 'kayles' is not an oct:, hex: or sub: game
? 65
$ printf 'oct:0.7\noct:0.9\n' >/tmp/nb_survey_$$.txt && nimber survey file:/tmp/nb_survey_$$.txt 2>&1 | sed "s/nb_survey_[0-9]*/nb_survey_N/"; s=${PIPESTATUS[0]}; rm -f /tmp/nb_survey_$$.txt; exit $s
> nimber: survey: /tmp/nb_survey_N.txt line 2: '9' (character 3 of '0.9') is not an octal digit 0-7
? 65
$ printf 'oct:0.7\noct:0.7\n' >/tmp/nb_survey_$$.txt && nimber survey file:/tmp/nb_survey_$$.txt 2>&1 | sed "s/nb_survey_[0-9]*/nb_survey_N/"; s=${PIPESTATUS[0]}; rm -f /tmp/nb_survey_$$.txt; exit $s
> nimber: survey: /tmp/nb_survey_N.txt line 2: 'oct:0.7' is listed already (line 1)
? 65
$ printf '# nothing\n' >/tmp/nb_survey_$$.txt && nimber survey file:/tmp/nb_survey_$$.txt 2>&1 | sed "s/nb_survey_[0-9]*/nb_survey_N/"; s=${PIPESTATUS[0]}; rm -f /tmp/nb_survey_$$.txt; exit $s
> nimber: survey: /tmp/nb_survey_N.txt lists no game
? 65

