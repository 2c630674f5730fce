# Families loaded at run time from shared objects (nimber --load). $NB_PLUGIN_DIR holds the
# example families examples/plugin/wythoff.c and hackenbush.c and the broken plug-ins of
# tests/plugins/broken.c, built by CMake as a user builds a plug-in (the public headers, nothing
# linked).

# Wythoff's game: its P-positions are (floor(k phi), floor(k phi^2)): 1,2 3,5 4,7 6,10 8,13.
$ nimber --load "$NB_PLUGIN_DIR/wythoff.so" value wythoff 3,5
> 0: the second player wins

$ nimber --load "$NB_PLUGIN_DIR/wythoff.so" value wythoff 1,2 3,5 4,7 6,10 8,13 --json
> {"game":"wythoff","position":"1,2 3,5 4,7 6,10 8,13","grundy":0,"winner":"second"}

# From 4,5 (worth *6, as a plain recursion also finds) the winning moves lead to the
# P-positions 3,5 (a-1) and 1,2 (ab-3).
$ nimber --load "$NB_PLUGIN_DIR/wythoff.so" moves wythoff 4,5
> *6: the first player wins; winning moves:
>   a-1  ->  3,5
>   ab-3  ->  1,2

# Every command works with a plug-in's family: its alias, play, tables of its sizes.
$ nimber --load="$NB_PLUGIN_DIR/wythoff.so" value CORNER-QUEEN 2,1
> 0: the second player wins

$ printf 'hint\nab-3\n' | nimber --load "$NB_PLUGIN_DIR/wythoff.so" play wythoff 4,5
> playing wythoff from 4,5; you move first.
> Type a move, or hint, moves, help, quit.
> position: 4,5
> your move> winning moves:
>   a-1  ->  3,5
>   ab-3  ->  1,2
> your move> you play ab-3  ->  1,2
> position: 1,2
> engine plays a-1  ->  0,2
> position: 0,2
> your move> 
> end of input: game abandoned

$ nimber --load "$NB_PLUGIN_DIR/wythoff.so" table wythoff:5 --to 5
> 0  *5
> 1  *3
> 2  *4
> 3  0
> 4  *6
> 5  *8

$ nimber --load "$NB_PLUGIN_DIR/wythoff.so" games | tail -n 3
> wythoff[:B]  Wythoff's game: take from one pile, or the same from both (plug-in example)
>     impartial: Grundy values
>     position: two piles a,b per position, as in: 3,5 1,2

# A partizan plug-in whose `canonical` hook makes its values through the public algebra
# (examples/plugin/hackenbush.c, nimber_cgt.h): Blue-Red Hackenbush strings by Berlekamp's rule
# (Winning Ways, ch. 2): BR = 1/2, BRR = 1/4, BBR = 3/2, RB = -1/2; sums add.
$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value bluered BRR RB
> -1/4: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)

$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value bluered BBR BRB RBRBBR --json
> {"game":"bluered","position":"BBR BRB RBRBBR","value":"53/32","outcome":"L","left_first":"left","right_first":"left","mean":"53/32","temperature":"-1/32","left_stop":"53/32","right_stop":"53/32","birthday":7,"reduced":"53/32","thermograph":{"left":[["2","-1"],["2","-1/2"],["7/4","-1/4"],["7/4","-1/8"],["53/32","-1/32"]],"right":[["1","-1"],["3/2","-1/2"],["3/2","-1/4"],["13/8","-1/8"],["13/8","-1/16"],["53/32","-1/32"]]}}

$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" moves bluered BRB
> 3/4: Left moving first wins; winning moves:
>   1  ->  0
>   3  ->  BR

# The longest string, BR 24 times: 1 - 1/2 + 1/4 - ... - 1/2^47 = (2^48 - 1) / (3 * 2^47).
$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value bluered BRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBRBR
> 93824992236885/140737488355328: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# The closed form against nimber's exhaustive value search over the same rules
# (bluered:search, whose hook declines), on every string of up to 6 edges.
$ n=0; same=0; for s in 0 {B,R} {B,R}{B,R} {B,R}{B,R}{B,R} {B,R}{B,R}{B,R}{B,R} {B,R}{B,R}{B,R}{B,R}{B,R} {B,R}{B,R}{B,R}{B,R}{B,R}{B,R}; do a=$(nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value bluered "$s"); b=$(nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value bluered:search "$s"); n=$((n + 1)); if [ "$a" = "$b" ]; then same=$((same + 1)); else echo "$s: $a, search: $b"; fi; done; echo "$same of $n strings: the same value"
> 127 of 127 strings: the same value
~ slow

$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value bluered BRX
! nimber: argument 2: expected a string of B and R edges from the ground up (at most 48), or 0
? 64

# impartial:GAME over a plug-in's family: GAME is opened among the families of the registry,
# loaded ones included. In the twin either player cuts any edge, so a string of n edges is the
# nim heap *n (3 xor 2 xor 4 = 5); a move is Left's (L) or Right's (R) move of bluered.
$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value impartial:bluered BRR + RB + BBRB
> *5: the first player wins

$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" moves impartial:bluered BRR + RB + BBRB
> *5: the first player wins; winning moves:
>   3:L2  ->  BRR + RB + B

$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value impartial:bluered:search BRB + R --json
> {"game":"impartial:bluered:search","position":"BRB + R","grundy":2,"winner":"first"}

$ nimber --load "$NB_PLUGIN_DIR/hackenbush.so" value impartial:bluered:foo BRB
! nimber: game 'impartial:bluered:foo': game 'bluered:foo': expected 'search' or nothing after 'bluered:'
? 64

# Without --load the family it names is unknown; an impartial plug-in has no twin.
$ nimber value impartial:bluered BRR
! nimber: game 'impartial:bluered': unknown game 'bluered' (see 'nimber games')
? 64

$ nimber --load "$NB_PLUGIN_DIR/wythoff.so" value impartial:wythoff 3,5
! nimber: game 'impartial:wythoff': impartial:GAME takes a partizan game; 'wythoff' is impartial
? 64

# Without --load the family is unknown.
$ nimber value wythoff 3,5
! nimber: unknown game 'wythoff' (see 'nimber games')
? 64

# Broken plug-ins are refused with the reason, exit 64, and nothing of them is kept.
$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_abi.so games
! nimber: plug-in './broken_abi.so': built for the family contract version 110; this nimber has version 10 (rebuild it against this nimber.h)
? 64

$ cd "$NB_PLUGIN_DIR" && nimber --load broken_nosym.so games
! nimber: plug-in 'broken_nosym.so': not a nimber plug-in (it exports no 'nimber_plugin')
? 64

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_hooks.so games
! nimber: plug-in './broken_hooks.so': family 'hookless' lacks its moves
? 64

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_clash.so games
! nimber: plug-in './broken_clash.so': family 'div': the name is taken
? 64

# The first family of this one is good, the second's alias is taken: neither is registered.
$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_alias.so value good x
! nimber: plug-in './broken_alias.so': family 'aliased': its alias 'twothree' is taken
? 64

# Evaluators of the other kind of game: a Grundy value evaluator on a partizan family (after a
# good family, which is not kept either), a canonical form evaluator on an impartial one.
$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_grundy.so value good x
! nimber: plug-in './broken_grundy.so': family 'pgrundy' is partizan but has the impartial facet (grundy)
? 64

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_canon.so games
! nimber: plug-in './broken_canon.so': family 'icanon' is impartial but has the partizan facet (outcome, canonical, negative, value_moves)
? 64

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_empty.so games
! nimber: plug-in './broken_empty.so': it defines no family
? 64

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_undef.so games
! nimber: plug-in './broken_undef.so': cannot load it: ./broken_undef.so: undefined symbol: nb_no_such_function
? 64

# Plug-ins that register but whose parse breaks its contract (docs/PLUGINS.md): the core checks
# each call and blames the family (exit 70), never answering for a position it did not read.
$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_parsenone.so value good x
! nimber: family 'good': its parse accepted argument 2 but appended no component
? 70

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_parsenone.so value good 0
! nimber: family 'good': its parse accepted argument 2 but appended no component
? 70

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_parsequiet.so value good x + x
! nimber: family 'good': its parse of argument 2 failed (status 70) without a message
? 70

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_parsedata.so value good x
! nimber: family 'good': its parse of argument 2 failed with status 65, not a usage error: argument 2: no such position here
? 70

$ cd "$NB_PLUGIN_DIR" && nimber --load ./broken_parseover.so value good x
! nimber: family 'good': its parse of argument 2 left 4 components where 0 were before and there is room for 3
? 70

$ cd "$NB_PLUGIN_DIR" && nimber --load ./no-such-plugin.so games
! nimber: plug-in './no-such-plugin.so': cannot load it: ./no-such-plugin.so: cannot open shared object file: No such file or directory
? 64

$ nimber --load README.md games
! nimber: plug-in 'README.md': cannot load it: ./README.md: invalid ELF header
? 64

$ cd "$NB_PLUGIN_DIR" && nimber --load ./wythoff.so --load ./wythoff.so games
! nimber: plug-in './wythoff.so': family 'wythoff': the name is taken
? 64

$ nimber --load
! nimber: option '--load' needs a plug-in file (see 'nimber --help')
? 64

$ nimber --load= value nim 1
! nimber: option '--load' needs a plug-in file (see 'nimber --help')
? 64

$ nimber --load '' value nim 1
! nimber: option '--load' needs a plug-in file (see 'nimber --help')
? 64
