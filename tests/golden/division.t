# Two and Three / division games: golden CLI tests. Regenerate nothing by hand-waving: every
# expected line here was checked against the rules (see tests/test_division.c for the oracle).

# The seed's sample, from the bundled example file and from standard input.
$ nimber solve twothree examples/twothree.txt
> Nino
> Nino
> Miku
> Nino
> Miku

$ nimber solve twothree
< 5
< 3
< 1 2 5
< 3
< 2 3 4
< 2
< 3366 3366
< 1
< 1000000000
< 7
< 1 2 3 4 5 6 7
> Nino
> Nino
> Miku
> Nino
> Miku

# The seed's own extra cases (single 1, single 2, all ones, four twos).
$ nimber solve twothree
< 4
< 1
< 1
< 1
< 2
< 3
< 1 1 1
< 4
< 2 2 2 2
> Miku
> Nino
> Miku
> Miku

$ nimber solve twothree -
< 2
< 1
< 18446744073709551615
< 2
< 4738381338321616896 9476762676643233791
> Nino
> Miku


# Input errors: each names the input, line and column, and exits 65.
$ nimber solve twothree
< 1
< 3
< 1 x 5
! nimber: <stdin>:3:3: expected a value from 1 to 18446744073709551615, found 'x'
? 65

$ nimber solve twothree
< 1
< 2
< 1 -5
! nimber: <stdin>:3:3: expected a value from 1 to 18446744073709551615, found '-5'
? 65

$ nimber solve twothree
< 1
< 2
< 1 0
! nimber: <stdin>:3:3: expected a value from 1 to 18446744073709551615, found '0'
? 65

$ nimber solve twothree
< 1
< 1
< 18446744073709551616
! nimber: <stdin>:3:1: expected a value from 1 to 18446744073709551615, found '18446744073709551616' (larger than 2^64-1)
? 65

$ nimber solve twothree
< 3
< 1
< 1
< 2
< 1
> Miku
! nimber: <stdin>:6:1: expected a value from 1 to 18446744073709551615, found end of input (test case 2 of 3 is incomplete)
? 65

$ nimber solve twothree
< 2
< 1
< 1
> Miku
! nimber: <stdin>:4:1: expected the number of values n, from 1 to 1000000000, found end of input (test case 2 of 2 is incomplete)
? 65

$ nimber solve twothree
< 1
< 1
< 5
< 6
> Nino
! nimber: <stdin>:4:1: expected end of input, found '6'
? 65

$ nimber solve twothree
< 0
! nimber: <stdin>:1:1: expected the number of test cases t, from 1 to 1000000000, found '0'
? 65

$ nimber solve twothree
< 1000000001
! nimber: <stdin>:1:1: expected the number of test cases t, from 1 to 1000000000, found '1000000001'
? 65

$ nimber solve twothree
< 1
< 0
! nimber: <stdin>:2:1: expected the number of values n, from 1 to 1000000000, found '0'
? 65

$ nimber solve twothree
! nimber: <stdin>:1:1: expected the number of test cases t, from 1 to 1000000000, found end of input
? 65

$ nimber solve twothree
< 1
< 2
< 3 4x
! nimber: <stdin>:3:3: expected a value from 1 to 18446744073709551615, found '4x'
? 65


# Usage errors exit 64.
$ nimber solve
! nimber: solve: expected FORMAT and at most one FILE (see 'nimber solve --help')
? 64

$ nimber solve twothree a b
! nimber: solve: expected FORMAT and at most one FILE (see 'nimber solve --help')
? 64

$ nimber solve chess
! nimber: solve: unknown format 'chess' (twothree, gurdurr, nimplus, or their games div:2,3, tower, psub) (see 'nimber solve --help')
? 64

$ nimber solve twothree /nonexistent/input.txt
! nimber: /nonexistent/input.txt: cannot open for reading: No such file or directory
? 66

$ nimber frobnicate
! nimber: unknown command 'frobnicate' (see 'nimber --help')
? 64

# No command: the usage, as --help prints it, with the status of a usage error (issue 18).
$ nimber
> usage: nimber [--load PLUGIN.so]... COMMAND [OPTIONS] [ARGS]
> 
> nimber: a fast, verified engine for combinatorial games.
> 
> commands:
>   solve FORMAT [FILE]       answer a contest input in the contest's format
>   value GAME POSITION...    value of a position and who wins
>   compare GAME A -- B       how two positions compare: <, >, = or ||
>   moves GAME POSITION...    every winning move of a position
>   play GAME POSITION...     play against perfect play
>   table GAME --to N         values of every size up to N, or their runs
>   period GAME               proven periodicity of a game's values
>   quotient GAME --heaps N   misère quotient of a heap game's sums
>   survey CLASS              every game of a class: periods, open games
>   plot GAME --to N          a picture of the values (SVG)
>   games                     list the game families and their syntax
>   help [COMMAND]            this list, or a command's help
>   version                   the version of nimber
> 
> options before the command:
>   --load PLUGIN.so   add the game families of a plug-in (repeatable)
>   --help             this text
>   --version          the version
> 
> 'nimber COMMAND --help' (or -h) or 'nimber help COMMAND' describes a command. Options
> may come anywhere after the command ('--' ends them), each at most once; an unknown
> option, one given twice, or one that does not apply to the game (such as --player for
> an impartial game) is a usage error. Long work (table, plot, searches) shows its
> progress on standard error when that is a terminal. Exit status: 0 ok,
> 64 usage error, 65 bad input data, 66 input file missing or unreadable, 70 internal
> error, 74 output error (the output could not be written: a full disk, a closed pipe;
> output stops at the first failed write).
? 64

$ nimber games extra
! nimber: games: takes no arguments (see 'nimber games --help')
? 64


# value
$ nimber value twothree 1 2 5
> *3: the first player wins

$ nimber value twothree 2 2 2 2
> 0: the second player wins

$ nimber value twothree 1 + 2
> *1: the first player wins

$ nimber value div:2,3 1000000000 --json
> {"game":"div:2,3","position":"1000000000","grundy":1,"winner":"first"}

$ nimber value div:3,2,2 5 --json
> {"game":"div:2,3","position":"5","grundy":2,"winner":"first"}

$ nimber value twothree 100 --remoteness
> *1: the first player wins
> remoteness: 5

$ nimber value twothree 100 --remoteness --json
> {"game":"div:2,3","position":"100","grundy":1,"winner":"first","remoteness":5}

$ nimber value twothree 1 2 5 --remoteness
> *3: the first player wins
> remoteness: 3

$ nimber value div:2 1 2 x
! nimber: argument 4: expected a heap (an integer from 1 to 2^64-1), found 'x'
? 64

$ nimber value div:2 0 5
! nimber: argument 2: expected a heap (an integer from 1 to 2^64-1), found '0'
? 64

# A position that is the single token 0 is the empty sum (no heap at all): the zero game.
$ nimber value div:2 0
> 0: the second player wins

$ nimber moves div:2 0 --json
> {"game":"div:2","position":"0","grundy":0,"winner":"second","winning":[]}

$ nimber value div:2 18446744073709551616
! nimber: argument 2: expected a heap (an integer from 1 to 2^64-1), found '18446744073709551616'
? 64

$ nimber value twothree
! nimber: expected a position (heaps: integers from 1 to 2^64-1, separated by spaces)
? 64

$ nimber value
! nimber: expected a game (see 'nimber games') and a position
? 64

$ nimber value chess 1
! nimber: unknown game 'chess' (see 'nimber games')
? 64

$ nimber value div:1 3
! nimber: game 'div:1': expected a divisor (an integer from 2 to 2^64-1), found '1'
? 64

$ nimber value div 3
! nimber: game 'div': expected divisors, as in div:2,3
? 64

$ nimber value twothree:2 3
! nimber: game 'twothree:2': twothree takes no parameters (it is div:2,3)
? 64

$ nimber value twothree + 2
! nimber: argument 2: expected a position before '+'
? 64

$ nimber value twothree 2 +
! nimber: argument 3: expected a position after '+'
? 64

$ nimber value twothree 5 --bogus
! nimber: value: unknown option '--bogus' (see 'nimber value --help')
? 64

$ nimber value --json=1 twothree 3
! nimber: value: option '--json' takes no value (see 'nimber value --help')
? 64


# moves
$ nimber moves twothree 1 2 5
> *3: the first player wins; winning moves:
>   5/2  ->  1 2 2

$ nimber moves twothree 1 2 5 --json
> {"game":"div:2,3","position":"1 2 5","grundy":3,"winner":"first","winning":[{"move":"5/2","to":"1 2 2"}]}

$ nimber moves twothree 1 2 3 4
> *2: the first player wins; winning moves:
>   4/3  ->  1 2 3 1

$ nimber moves twothree 6
> 0: the second player wins; no winning move

$ nimber moves twothree 3366 3366 --json
> {"game":"div:2,3","position":"3366 3366","grundy":0,"winner":"second","winning":[]}

$ nimber moves div:5,3,2 4 9 100
> *1: the first player wins; winning moves:
>   9/2  ->  4 4 100
>   100/3  ->  4 9 33
>   100/5  ->  4 9 20

$ nimber moves twothree 5 --player
! nimber: moves: option '--player' needs a value (see 'nimber moves --help')
? 64

$ nimber moves twothree 5 --player up
! nimber: moves: --player expects 'left' or 'right', found 'up' (see 'nimber moves --help')
? 64


# A file that cannot be read is an error, never an empty input.
$ nimber solve twothree /
! nimber: /:1:1: cannot read further: Is a directory
? 66


# --memory bounds the run table (the monoid of the divisors listed, and the values on it), as it
# bounds every search: the table is made after the solver, and refused before it passes the bound
# (exit 65), whatever heap is asked. The 13-smooth numbers below 2^64 are 1,381,206: 11 MB listed.
# It used to be made when the game was opened, up to 64 MiB, whatever --memory said.
$ nimber value div:2,3,5,7,11,13 5 1000 --memory 1M
! nimber: game 'div:2,3,5,7,11,13': its run table would take more than the memory limit of 1 MiB, at element 130784 of the monoid its divisors generate (--memory SIZE raises it)
? 65

$ nimber value div:2,3,5,7,11,13 5 1000 --memory 16M
> *2: the first player wins

$ nimber moves div:2,3,5,7,11,13 5 1000 --memory 1M
! nimber: game 'div:2,3,5,7,11,13': its run table would take more than the memory limit of 1 MiB, at element 130784 of the monoid its divisors generate (--memory SIZE raises it)
? 65

$ nimber table div:2,3,5,7,11,13 --to 5 --memory 1M
! nimber: game 'div:2,3,5,7,11,13': its run table would take more than the memory limit of 1 MiB, at element 130784 of the monoid its divisors generate (--memory SIZE raises it)
? 65

$ nimber period div:2,3,5,7,11,13 --memory 1M
! nimber: game 'div:2,3,5,7,11,13': its run table would take more than the memory limit of 1 MiB, at element 130784 of the monoid its divisors generate (--memory SIZE raises it)
? 65

# The smallest table (div:2,3: 1,344 elements) still takes kilobytes.
$ nimber value twothree 1 2 5 --memory 1K
! nimber: game 'div:2,3': its run table would take more than the memory limit of 1 KiB, at element 1 of the monoid its divisors generate (--memory SIZE raises it)
? 65

$ nimber value twothree 1 2 5 --memory 64K
> *3: the first player wins
