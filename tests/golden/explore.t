# Exploring games: play against perfect play, value tables, proven periods, remoteness.

# play: a scripted game of Two and Three. hint lists exactly the winning moves; an illegal move is
# refused with the reason and asked again; the game ends when a player has no move.
$ nimber play twothree 1 2 5
< hint
< moves
< 9/9
< 
< 5/2
< 2/2
> playing div:2,3 from 1 2 5; you move first.
> Type a move, or hint, moves, help, quit.
> position: 1 2 5
> your move> winning moves:
>   5/2  ->  1 2 2
> your move> legal moves:
>   2/2  ->  1 1 5
>   5/2  ->  1 2 2
>   5/3  ->  1 2 1
> your move> illegal move '9/9': not a legal move here (type 'moves' to list them)
> your move> your move> you play 5/2  ->  1 2 2
> position: 1 2 2
> engine plays 2/2  ->  1 1 2
> position: 1 1 2
> your move> you play 2/2  ->  1 1 1
> position: 1 1 1
> the engine has no move: you win

# End of input ends the game cleanly; quit resigns; help lists the commands.
$ nimber play twothree 1 2 5
< help
> playing div:2,3 from 1 2 5; you move first.
> Type a move, or hint, moves, help, quit.
> position: 1 2 5
> your move> type a move as listed by 'moves', or: hint, moves, help, quit
> your move> 
> end of input: game abandoned

$ nimber play twothree 100
< quit
> playing div:2,3 from 100; you move first.
> Type a move, or hint, moves, help, quit.
> position: 100
> your move> you resign: the engine wins

# A lost position too large for the remoteness search: the engine resists by the replies it
# leaves, scoring moves until the replies listed pass the search's work limit (scoring all 40,000
# moves here lists 1.2 billion replies: 21 s of CPU before; well under the 10 s allowed now).
$ (ulimit -t 10; nimber play nim 20000 20000 --engine-first)
~ slow
< quit
> playing nim from 20000 20000; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: 20000 20000
> engine plays 20000-1  ->  19999 20000
> position: 19999 20000
> your move> you resign: the engine wins

# The engine moving first from a won position wins; a lost position has no winning hint.
$ nimber play twothree 12 --engine-first
< hint
< 3/2
> playing div:2,3 from 12; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: 12
> engine plays 12/2  ->  6
> position: 6
> your move> no winning move: against perfect play you lose
> your move> illegal move '3/2': not a legal move here (type 'moves' to list them)
> your move> 
> end of input: game abandoned

$ nimber play twothree 6
< hint
< 6/2
> playing div:2,3 from 6; you move first.
> Type a move, or hint, moves, help, quit.
> position: 6
> your move> no winning move: against perfect play you lose
> your move> you play 6/2  ->  3
> position: 3
> engine plays 3/3  ->  1
> position: 1
> you have no move: the engine wins

# Seeds choose among equally good moves: here the engine has two winning moves.
$ nimber play twothree 4 12 --engine-first --seed 1
> playing div:2,3 from 4 12; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: 4 12
> engine plays 12/3  ->  4 4
> position: 4 4
> your move> 
> end of input: game abandoned

$ nimber play twothree 4 12 --engine-first --seed 2
> playing div:2,3 from 4 12; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: 4 12
> engine plays 4/2  ->  2 12
> position: 2 12
> your move> 
> end of input: game abandoned

# Towers, in the notation of nimber moves (case does not matter).
$ nimber play gurdurr III II.
< hint
< 1m
> playing tower from III II.; you move first.
> Type a move, or hint, moves, help, quit.
> position: III II.
> your move> no winning move: against perfect play you lose
> your move> you play 1M  ->  I.I II.
> position: I.I II.
> engine plays 2L  ->  I.I .I.
> position: I.I .I.
> you have no move: the engine wins

# Partizan: the person chooses a side; moves are the amounts removed.
$ nimber play psub:3,7,10/2,6,7 20
< hint
< -3
< -10
< -3
> playing psub:3,7,10/2,6,7 from 20. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: 20  (Left to move)
> your move> winning moves:
>   -3  ->  17
>   -10  ->  10
> your move> you play -3  ->  17
> position: 17  (Right to move)
> engine plays -2  ->  15
> position: 15  (Left to move)
> your move> you play -10  ->  5
> position: 5  (Right to move)
> engine plays -2  ->  3
> position: 3  (Left to move)
> your move> you play -3  ->  0
> position: 0  (Right to move)
> the engine has no move: you win

$ nimber play psub:3,7,10/2,6,7 20 --player right --engine-first
< hint
< -2
> playing psub:3,7,10/2,6,7 from 20. You are Right; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: 20  (Left to move)
> engine plays -10  ->  10
> position: 10  (Right to move)
> your move> no winning move: against perfect play you lose
> your move> you play -2  ->  8
> position: 8  (Left to move)
> engine plays -7  ->  1
> position: 1  (Right to move)
> you have no move: the engine wins

$ nimber play psub:1/2 0
> playing psub:1/2 from 0. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: 0  (Left to move)
> you have no move: the engine wins

# play errors
$ nimber play twothree 5 --seed x
! nimber: play: --seed expects an integer from 0 to 2^64-1, found 'x' (see 'nimber play --help')
? 64

$ nimber play psub:1/2 5 --player up
! nimber: play: --player expects 'left' or 'right', found 'up' (see 'nimber play --help')
? 64

$ nimber play twothree
! nimber: expected a position (heaps: integers from 1 to 2^64-1, separated by spaces)
? 64

$ nimber play twothree 1 + 2
> playing div:2,3 from 1 2; you move first.
> Type a move, or hint, moves, help, quit.
> position: 1 2
> your move> 
> end of input: game abandoned


# table
$ nimber table twothree --to 12
> 1  0
> 2  *1
> 3  *1
> 4  *2
> 5  *2
> 6  0
> 7  0
> 8  0
> 9  0
> 10  0
> 11  0
> 12  *1

$ nimber table twothree --to 40 --runs
> [1, 1]  0
> [2, 3]  *1
> [4, 5]  *2
> [6, 11]  0
> [12, 23]  *1
> [24, 35]  *2
> [36, 40]  0

$ nimber table twothree --from 1000000 --to 18446744073709551615 --runs
> [1000000, 1119743]  *1
> [1119744, 1679615]  *2
> [1679616, 3359231]  0
> [3359232, 6718463]  *1
> [6718464, 10077695]  *2
> [10077696, 20155391]  0
> [20155392, 40310783]  *1
> [40310784, 60466175]  *2
> [60466176, 120932351]  0
> [120932352, 241864703]  *1
> [241864704, 362797055]  *2
> [362797056, 725594111]  0
> [725594112, 1451188223]  *1
> [1451188224, 2176782335]  *2
> [2176782336, 4353564671]  0
> [4353564672, 8707129343]  *1
> [8707129344, 13060694015]  *2
> [13060694016, 26121388031]  0
> [26121388032, 52242776063]  *1
> [52242776064, 78364164095]  *2
> [78364164096, 156728328191]  0
> [156728328192, 313456656383]  *1
> [313456656384, 470184984575]  *2
> [470184984576, 940369969151]  0
> [940369969152, 1880739938303]  *1
> [1880739938304, 2821109907455]  *2
> [2821109907456, 5642219814911]  0
> [5642219814912, 11284439629823]  *1
> [11284439629824, 16926659444735]  *2
> [16926659444736, 33853318889471]  0
> [33853318889472, 67706637778943]  *1
> [67706637778944, 101559956668415]  *2
> [101559956668416, 203119913336831]  0
> [203119913336832, 406239826673663]  *1
> [406239826673664, 609359740010495]  *2
> [609359740010496, 1218719480020991]  0
> [1218719480020992, 2437438960041983]  *1
> [2437438960041984, 3656158440062975]  *2
> [3656158440062976, 7312316880125951]  0
> [7312316880125952, 14624633760251903]  *1
> [14624633760251904, 21936950640377855]  *2
> [21936950640377856, 43873901280755711]  0
> [43873901280755712, 87747802561511423]  *1
> [87747802561511424, 131621703842267135]  *2
> [131621703842267136, 263243407684534271]  0
> [263243407684534272, 526486815369068543]  *1
> [526486815369068544, 789730223053602815]  *2
> [789730223053602816, 1579460446107205631]  0
> [1579460446107205632, 3158920892214411263]  *1
> [3158920892214411264, 4738381338321616895]  *2
> [4738381338321616896, 9476762676643233791]  0
> [9476762676643233792, 18446744073709551615]  *1

$ nimber table twothree --to 40 --runs --json
> {"game":"div:2,3","from":1,"to":40,"runs":[{"from":1,"to":1,"value":0},{"from":2,"to":3,"value":1},{"from":4,"to":5,"value":2},{"from":6,"to":11,"value":0},{"from":12,"to":23,"value":1},{"from":24,"to":35,"value":2},{"from":36,"to":40,"value":0}]}

$ nimber table div:2,5 --to 10 --json
> {"game":"div:2,5","from":1,"to":10,"values":[0,1,1,0,2,2,2,1,1,0]}

$ nimber table psub:1/2 --to 10
> 0  P
> 1  L
> 2  N
> 3  P
> 4  L
> 5  N
> 6  P
> 7  L
> 8  N
> 9  P
> 10  L

$ nimber table psub:1/2 --to 10 --json
> {"game":"psub:1/2","from":0,"to":10,"outcomes":"PLNPLNPLNPL"}

$ nimber table psub:3,7,10/2,6,7 --from 40 --to 70 --runs
> [40, 40]  N
> [41, 41]  R
> [42, 42]  P
> [43, 43]  N
> [44, 44]  R
> [45, 45]  N
> [46, 48]  R
> [49, 49]  N
> [50, 51]  R
> [52, 52]  N
> [53, 70]  R

$ nimber table psub:3,7,10/2,6,7 --from 40 --to 70 --runs --json
> {"game":"psub:3,7,10/2,6,7","from":40,"to":70,"runs":[{"from":40,"to":40,"value":"N"},{"from":41,"to":41,"value":"R"},{"from":42,"to":42,"value":"P"},{"from":43,"to":43,"value":"N"},{"from":44,"to":44,"value":"R"},{"from":45,"to":45,"value":"N"},{"from":46,"to":48,"value":"R"},{"from":49,"to":49,"value":"N"},{"from":50,"to":51,"value":"R"},{"from":52,"to":52,"value":"N"},{"from":53,"to":70,"value":"R"}]}

# Once the period (1, from pile 53) is proven, the last run reaches any pile at once.
$ nimber table psub:3,7,10/2,6,7 --from 50 --to 1000000000000000000 --runs
> [50, 51]  R
> [52, 52]  N
> [53, 1000000000000000000]  R

$ nimber table twothree
! nimber: table: --to N is required (see 'nimber table --help')
? 64

$ nimber table twothree --to x
! nimber: table: --to expects an integer, found 'x' (see 'nimber table --help')
? 64

$ nimber table twothree --to 5 --from y
! nimber: table: --from expects an integer, found 'y' (see 'nimber table --help')
? 64

$ nimber table twothree --from 0 --to 3
! nimber: table: the smallest heap is 1, not 0 (see 'nimber table --help')
? 64

$ nimber table twothree --to 2 --from 3
! nimber: table: --to 2 is below --from 3 (see 'nimber table --help')
? 64

$ nimber table div:2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53 --from 355786241600 --to 355786241620 --runs
~ slow
! nimber: game 'div:2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53': heap 355786241616 is beyond what this divisor set can be evaluated for (up to 355786241615: the monoid its divisors generate is listed to 8388608 elements)
? 64

$ nimber table div:2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53 --from 355786241600 --to 355786241615 --runs
~ long
> [355786241600, 355786241615]  *4

$ nimber table twothree psub:1/2 --to 3
! nimber: table: expected one GAME (see 'nimber table --help')
? 64


# period
$ nimber period twothree
> div:2,3: g(x) = g(floor(x/6)) for every x >= 6
> proof: checked for every x in [6, 17]; every x beyond has all its options at or above 6 (theorem in src/games/division.c)
> one period, [6, 35]:
> [6, 11]  0
> [12, 23]  *1
> [24, 35]  *2

$ nimber period twothree --json
> {"game":"div:2,3","ratio":6,"start":6,"checked_to":17,"runs":[{"from":6,"to":11,"value":0},{"from":12,"to":23,"value":1},{"from":24,"to":35,"value":2}]}

$ nimber period div:2
> div:2: g(x) = g(floor(x/4)) for every x >= 4
> proof: checked for every x in [4, 7]; every x beyond has all its options at or above 4 (theorem in src/games/division.c)
> one period, [4, 15]:
> [4, 7]  0
> [8, 15]  *1

$ nimber period div:2,5
> div:2,5: g(x) = g(floor(x/10)) for every x >= 10
> proof: checked for every x in [10, 49]; every x beyond has all its options at or above 10 (theorem in src/games/division.c)
> one period, [10, 99]:
> [10, 19]  0
> [20, 39]  *1
> [40, 49]  0
> [50, 79]  *2
> [80, 99]  *1

$ nimber period div:3,4 --max 10
! nimber: no multiplicative period with ratio up to 10 could be proven (heaps are known up to 18446744073709551615)
? 65

$ nimber period div:2,3 --max x
! nimber: period: --max expects a positive integer, found 'x' (see 'nimber period --help')
? 64

$ nimber period psub:3,7,10/2,6,7
> psub:3,7,10/2,6,7: preperiod 53, period 1
> proof: checked for every x in [0, 64]; from pile 10 on an outcome depends only on the 10 before it, and piles [55, 64] repeat piles [54, 63] (theorem in src/games/psub.c)
> outcomes of piles 53 to 53: R

$ nimber period psub:3,7,10/2,6,7 --max 50
! nimber: no period found within 50 piles (preperiod 53 and period 1 exceed it)
? 65

$ nimber period nimplus:1/2 --json
> {"game":"psub:1/2","preperiod":0,"period":3,"outcomes":"PLN","checked_to":34}

$ nimber period gurdurr
! nimber: period: game 'tower' has no period engine (div, psub, sub, oct and hex have) (see 'nimber period --help')
? 64

$ nimber period
! nimber: period: expected one GAME (see 'nimber period --help')
? 64

$ nimber period twothree --max 0
! nimber: period: --max expects a positive integer, found '0' (see 'nimber period --help')
? 64

# The same hook for every family: psub's JSON and its degenerate game, div's JSON.
$ nimber period psub:3,7,10/2,6,7 --json
> {"game":"psub:3,7,10/2,6,7","preperiod":53,"period":1,"outcomes":"R","checked_to":64}

$ nimber period psub:1/2
> psub:1/2: preperiod 0, period 3
> proof: checked for every x in [0, 34]; from pile 2 on an outcome depends only on the 2 before it, and piles [33, 34] repeat piles [30, 31] (theorem in src/games/psub.c)
> outcomes of piles 0 to 2: PLN

$ nimber period psub:/
> psub:/: preperiod 0, period 1
> proof: checked for every x in [0, 0]; neither player has a move, so every pile is lost by the player to move (theorem in src/games/psub.c)
> outcomes of piles 0 to 0: P

$ nimber period div:2 --json
> {"game":"div:2","ratio":4,"start":4,"checked_to":7,"runs":[{"from":4,"to":7,"value":0},{"from":8,"to":15,"value":1}]}


# remoteness of sums
$ nimber value twothree 1 2 5 --remoteness
> *3: the first player wins
> remoteness: 3

$ nimber value twothree 100 200 300 --remoteness --json
> {"game":"div:2,3","position":"100 200 300","grundy":3,"winner":"first","remoteness":17}

$ nimber value psub:3,7,10/2,6,7 20 --remoteness
> {0|vv*}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 4
> atomic weight -1
> reduced canonical form 0
> remoteness: 3 with Left moving first, 5 with Right moving first

$ nimber value psub:3,7,10/2,6,7 20 --remoteness --json
> {"game":"psub:3,7,10/2,6,7","position":"20","value":"{0|vv*}","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":4,"atomic_weight":"-1","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]},"remoteness_left_first":3,"remoteness_right_first":5}

$ nimber value div:2 1000000000000 1000000000000 1000000000000 1000000000000 1000000000000 1000000000000 1000000000000 1000000000000 --remoteness --sums 64K
> 0: the second player wins
! nimber: position too large for exhaustive search (more than 65536 sums; --sums N raises it)
? 65


# help for every command
$ nimber --help
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

$ nimber play --help
> usage: nimber play GAME POSITION... [--engine-first] [--seed S] [--player left|right]
>                             [--misere] [--memory SIZE]
> 
> Play against perfect play. On your turn type a move as 'nimber moves' prints it, such as
> 7/2 in twothree, 1L in gurdurr, 6-1 in nim, 6-1 in kayles, or:
>   hint    list the winning moves (if there are none, you are losing against perfect play)
>   moves   list every legal move
>   help    this list
>   quit    resign
> End of input ends the game.
> 
>   --engine-first       the engine moves first (default: you do)
>   --seed S             seed for the engine's choice among equally good moves (default 1)
>   --player left|right  partizan games only: the side you play (default left); an error
>                        for impartial games, whose players have the same moves
>   --misere             misère play: the player who cannot move wins
>   --memory SIZE        bytes each search's tables may take (default 2G; K, M, G, T:
>                        powers of 1024): a position needing more is refused, exit 65
> 
> example:
>   nimber play twothree 1 2 5 --engine-first

$ nimber table --help
> usage: nimber table GAME --to N [--from A] [--runs] [--json] [--misere]
>                                [--memory SIZE]
> 
> Prints the value of every size from A (default: the game's smallest) to N, one per line:
> Grundy values (0, *1, ...) for impartial games, outcome classes (L, R, N, P) for partizan
> ones.
> A size is a heap (div, nim, sub, oct, hex, grundy), a pile (psub) or a tower of III layers (tower).
> 
>   --to N     the last size (required)
>   --from A   the first size
>   --runs     print maximal runs of equal values instead: '[6, 11]  0'. Games that prove
>              their runs find each at once (--to 2^64-1 too: div, psub, sub, oct and hex);
>              other games compare sizes one by one
>   --json     one JSON object: game, from, to, and "values" (impartial: integers;
>              partizan: "outcomes", a string of letters), or with --runs "runs": a list
>              of {"from", "to", "value"}. Built in memory and printed whole, or
>              not at all: at most 64 MiB (the text output streams)
>   --misere   misère play (the player who cannot move wins): each size's genus
>              (impartial games: 0^120, ...; JSON strings) or misère outcome class
>              (partizan), valued size by size from the rules
>   --memory SIZE
>              bytes each search's tables may take (default 2G; K, M, G, T: powers of
>              1024): a position needing more is refused, exit 65
> 
> Every option applies to every game with sizes. Limits: a table lists at most 100,000,000
> sizes (a larger range is refused before any work: use --runs, or narrow the range), and
> values at most 100,000,000 sizes one by one (--runs in a game whose runs are not proven
> this far stops there; in one that proves no runs (tower, nim or grundy), a larger range is
> refused before any work). While the output goes to a file or a pipe, the progress shows on
> standard error when that is a terminal.
> 
> examples:
>   nimber table twothree --to 40 --runs
>   nimber table kayles --to 100
>   nimber table gurdurr --to 20

$ nimber period --help
> usage: nimber period GAME [--max N] [--json] [--misere] [--memory SIZE]
> 
> Prints a proven periodicity of the values of the game's sizes (heaps, piles): additive,
> value(n + p) = value(n) for every n >= s with the least preperiod s and period p, then the
> values of sizes s to s+p-1; arithmetic, value(n + p) = value(n) + a with a saltus a >= 1
> (hexadecimal games, Theorem A of src/heap/heaparith.c), the same with the saltus; or
> multiplicative, g(x) = g(floor(x/Q)) for every x >= T, then the runs of one period
> [T, Q*T). Values are Grundy values (0, *1, ...) or outcome classes (L, R, N, P: one
> letter per size). Each answer names the sizes its proof checked and the theorem that
> makes the check a proof: nothing is guessed from repeats.
> 
>   --max N  bounds the work, as each game says below (no period within it: exit 65)
>   --json   additive: game, preperiod, period, values (integers) or outcomes (a string of
>            letters), checked_to; arithmetic: the same with saltus after period;
>            multiplicative: game, ratio, start, checked_to and runs
>            (a list of {from, to, value})
>   --misere misère play: refused (exit 64), every game: no theorem here proves periods of
>            genus sequences (a normal-play period says nothing of them)
>   --memory SIZE  bytes the period engine's tables may take (default 2G): past it, exit 65
> 
> --max and --json apply to every game with a period engine; other games are refused (exit
> 64) saying why. A long proof shows its progress on standard error when that is a
> terminal.
> 
> by game:
>   div:D     multiplicative; --max N bounds the ratio Q (default 1000000)
>   psub:A/B  additive; --max N: report none unless s + p <= N (default: no bound)
>   nim       none: its values G(n) = n grow without bound
>   sub:S     additive; --max N bounds the heaps computed (default 100000000)
>   oct:CODE  additive; --max N bounds the heaps computed (default 100000000)
>   hex:CODE  additive or arithmetic; --max N bounds the heaps computed (default 100000000)
>   grundy    none: no theorem proves a period from finitely many values
> 
> examples:
>   nimber period twothree
>   nimber period kayles --json


# table of towers: n III layers
$ nimber table gurdurr --to 12
> 1  *2
> 2  *1
> 3  *3
> 4  0
> 5  *2
> 6  *1
> 7  *3
> 8  0
> 9  *2
> 10  *1
> 11  *3
> 12  0

$ nimber table tower --from 13 --to 16 --json
> {"game":"tower","from":13,"to":16,"values":[2,1,3,0]}

$ nimber table gurdurr --to 25
! nimber: towers of III layers run from 1 to 24 layers, not 25
? 64

$ nimber table gurdurr --from 0 --to 3
! nimber: table: the smallest tower of III layers is 1, not 0 (see 'nimber table --help')
? 64

# An over-long line is refused like any unknown move.
$ nimber play twothree 5
< xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
< 5/2
> playing div:2,3 from 5; you move first.
> Type a move, or hint, moves, help, quit.
> position: 5
> your move> line too long: 1100 bytes, more than the 1024 a line may hold; not a move (type 'moves' to list them)
> your move> you play 5/2  ->  2
> position: 2
> engine plays 2/2  ->  1
> position: 1
> you have no move: the engine wins

