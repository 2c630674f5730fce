# Golden tests of partizan values: literal games (cg), Domineering, and sums of psub piles.
# Format: see tests/golden/run.sh. Values are canonical forms in CGSuite's notation; outcomes and
# winning moves of these sums are also checked against the exhaustive sum search in
# tests/test_partizan.c.

# --- cg: literal games --------------------------------------------------------------------------
# A byte outside printable ASCII is shown as \xNN.
$ nimber value cg "$(printf '{1|\001}')"
! nimber: argument 2: column 4: expected a game, found '\x01'
? 64

$ nimber value cg '{1|*}' '^'
> {1^|^*}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1/2, temperature 1/2
> left stop 1, right stop 0, birthday 4
> reduced canonical form {1|0}

$ nimber value cg '{1|*}' '^' --json
> {"game":"cg","position":"{1|*} + ^","value":"{1^|^*}","outcome":"L","left_first":"left","right_first":"left","mean":"1/2","temperature":"1/2","left_stop":"1","right_stop":"0","birthday":4,"reduced":"{1|0}","thermograph":{"left":[["2","-1"],["1/2","1/2"]],"right":[["0","-1"],["0","0"],["1/2","1/2"]]}}

$ nimber value cg '{1|*}' + '^' --remoteness
> {1^|^*}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1/2, temperature 1/2
> left stop 1, right stop 0, birthday 4
> reduced canonical form {1|0}
> remoteness: 3 with Left moving first, 4 with Right moving first

# Expressions in one argument (issue 18): sums, differences and negatives of any game; the
# terms of the top level are the components of the position, several arguments still summed.
$ nimber value cg '{1|*} + ^ - *2'
> {1^*2|^*3}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1/2, temperature 1/2
> left stop 1, right stop 0, birthday 6
> reduced canonical form {1|0}

$ nimber value cg '{1|*} + ^' '- *2'
> {1^*2|^*3}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1/2, temperature 1/2
> left stop 1, right stop 0, birthday 6
> reduced canonical form {1|0}

$ nimber value cg '-(+-1)'
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 2
> reduced canonical form +-1

$ nimber value cg '-{2|1}' --json
> {"game":"cg","position":"{-1|-2}","value":"{-1|-2}","outcome":"R","left_first":"right","right_first":"right","mean":"-3/2","temperature":"1/2","left_stop":"-1","right_stop":"-2","birthday":3,"reduced":"{-1|-2}","thermograph":{"left":[["0","-1"],["-3/2","1/2"]],"right":[["-3","-1"],["-3/2","1/2"]]}}

$ nimber value cg '{2+*|1}' '^ - ^'
> {2*|1}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 3/2, temperature 1/2
> left stop 2, right stop 1, birthday 4
> reduced canonical form {2|1}

# A '-' before a digit is the number's sign, as printed (-2^ is -2 + ^); "+-" after a term adds a
# switch, as CGSuite prints {3|1}: 2+-1.
$ nimber value cg '-2^' '-(2^)' '2+-1'
> {-1|-3}: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)
> mean -2, temperature 1
> left stop -1, right stop -3, birthday 4
> reduced canonical form {-1|-3}

$ nimber moves cg '{1|*} + ^ - *2'
> {1^*2|^*3}: Left moving first wins; winning moves:
>   1:1  ->  1 + ^ + *2
>   2:0  ->  {1|*} + 0 + *2
>   3:0  ->  {1|*} + ^ + 0
>   3:*  ->  {1|*} + ^ + *

# Stops, birthday and options (issue 18). The left stop is where play ends when Left starts and
# both play until a number is reached, the right stop likewise (Siegel, CGT, 2013, ch. II); the
# birthday the day the canonical form is born; --options lists its options, each side.
$ nimber value cg '{2|{1|0}}' --options
> {2|{1|0}}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 5/4, temperature 3/4
> left stop 2, right stop 1, birthday 3
> reduced canonical form {2|{1|0}}
> left options: 2
> right options: {1|0}

$ nimber value cg '{1|*}' '^' --options --json
> {"game":"cg","position":"{1|*} + ^","value":"{1^|^*}","outcome":"L","left_first":"left","right_first":"left","mean":"1/2","temperature":"1/2","left_stop":"1","right_stop":"0","birthday":4,"reduced":"{1|0}","thermograph":{"left":[["2","-1"],["1/2","1/2"]],"right":[["0","-1"],["0","0"],["1/2","1/2"]]},"options":{"left":["1^"],"right":["^*"]}}

$ nimber value cg '{1|*}' --brief --options --json
> {"game":"cg","position":"{1|*}","outcome":"L","left_first":"left","right_first":"left","mean":"1/2","temperature":"1/2","left_stop":"1","right_stop":"0","birthday":2,"thermograph":{"left":[["2","-1"],["1/2","1/2"]],"right":[["0","-1"],["0","0"],["1/2","1/2"]]},"options":{"left":["1"],"right":["*"]}}

$ nimber value cg '+-{0,{1|0}}' --options
> +-{0,{1|0}}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 3
> reduced canonical form 0
> left options: 0, {1|0}
> right options: 0, {0|-1}

$ nimber value cg 5/4 --options
> 5/4: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> left options: 1
> right options: 3/2

$ nimber value cg 1000000000000000000 '*' --json
> {"game":"cg","position":"1000000000000000000 + *","value":"1000000000000000000*","outcome":"L","left_first":"left","right_first":"left","mean":"1000000000000000000","temperature":"0","left_stop":"1000000000000000000","right_stop":"1000000000000000000","birthday":1000000000000000001,"reduced":"1000000000000000000","thermograph":{"left":[["1000000000000000001","-1"],["1000000000000000000","0"]],"right":[["999999999999999999","-1"],["1000000000000000000","0"]]}}

$ nimber value domineering '../..' --options
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 2
> reduced canonical form +-1
> left options: 1
> right options: -1

$ nimber value kayles 3 --options
! nimber: value: --options applies to partizan games only; 'oct:0.77' is impartial (both players have the same moves) (see 'nimber value --help')
? 64

# CGSuite's named forms (issue 18): tiny-x {0||0|-x} and miny-x {x|0||0} are read and printed as
# Tiny(x) and Miny(x); Tiny(G) reads for any game G.
$ nimber value cg '{0||0|-2}' 'Tiny(1/2)'
> {Tiny(1/2)|{Tiny(1/2)|{-2|{-2|-5/2}}}}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 8
> reduced canonical form 0

$ nimber value cg 'Miny(2)' --json --brief
> {"game":"cg","position":"Miny(2)","outcome":"R","left_first":"right","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":4,"thermograph":{"left":[["0","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

# Textbook values: {0|} = 1, {0|0} = *, {0|*} = ^, {1|-1} = +-1, {0|1} = 1/2, ^ + * = ^*.
$ nimber value cg '{0|}'
> 1: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

$ nimber value cg '{0|0}'
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0

$ nimber value cg '{0|*}'
> ^: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 2
> atomic weight 1
> reduced canonical form 0

$ nimber value cg '{1|-1}'
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 2
> reduced canonical form +-1

$ nimber value cg '{0|1}' --json
> {"game":"cg","position":"{0|1}","value":"1/2","outcome":"L","left_first":"left","right_first":"left","mean":"1/2","temperature":"-1/2","left_stop":"1/2","right_stop":"1/2","birthday":2,"reduced":"1/2","thermograph":{"left":[["1","-1"],["1/2","-1/2"]],"right":[["0","-1"],["1/2","-1/2"]]}}

$ nimber value cg '^' '*'
> ^*: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 2
> atomic weight 1
> reduced canonical form 0

# CGSuite's slashes, and the notation round trip: what value prints reads back as the same game.
$ nimber value cg '{2||1|0}'
> {2|{1|0}}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 5/4, temperature 3/4
> left stop 2, right stop 1, birthday 3
> reduced canonical form {2|{1|0}}

$ nimber value cg '{2|{1|0}}'
> {2|{1|0}}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 5/4, temperature 3/4
> left stop 2, right stop 1, birthday 3
> reduced canonical form {2|{1|0}}

$ nimber value cg '{1^|^*}'
> {1^|^*}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1/2, temperature 1/2
> left stop 1, right stop 0, birthday 4
> reduced canonical form {1|0}

$ nimber value cg 0
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value cg 1000000000000000000 -1000000000000000000
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

# The moves of a literal game are its options as written (0 is dominated, but a move all the
# same); a move is written as the option it goes to, prefixed by the game's number in a sum.
$ nimber moves cg '{1,0|*}'
> {1|*}: Left moving first wins; winning moves:
>   1  ->  1
>   0  ->  0

$ nimber moves cg '{1|*}' '^'
> {1^|^*}: Left moving first wins; winning moves:
>   1:1  ->  1 + ^
>   2:0  ->  {1|*} + 0

$ nimber moves cg '{1|*}' '^' --player right
> {1^|^*}: Right moving first loses; no winning move

$ nimber moves cg '+-1' '+-1' --json
> {"game":"cg","position":"{1|-1} + {1|-1}","value":"0","player":"left","outcome":"P","winner":"right","winning":[]}

$ nimber moves cg '*3' '*2'
> *: Left moving first wins; winning moves:
>   1:*2  ->  *2 + *2

$ nimber play cg '{1|*}' '^'
< moves
< 2:0
< 1:*
< 1:0
> playing cg from {1|*} + ^. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: {1|*} + ^  (Left to move)
> your move> legal moves:
>   1:1  ->  1 + ^
>   2:0  ->  {1|*} + 0
> your move> you play 2:0  ->  {1|*} + 0
> position: {1|*} + 0  (Right to move)
> engine plays 1:*  ->  * + 0
> position: * + 0  (Left to move)
> your move> illegal move '1:*': not a legal move here (type 'moves' to list them)
> your move> you play 1:0  ->  0 + 0
> position: 0 + 0  (Right to move)
> the engine has no move: you win

$ nimber play cg '+-1' '+-2' --engine-first --seed 3
> playing cg from {1|-1} + {2|-2}. You are Left; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: {1|-1} + {2|-2}  (Right to move)
> engine plays 2:-2  ->  {1|-1} + -2
> position: {1|-1} + -2  (Left to move)
> your move> 
> end of input: game abandoned

# Malformed games: exit 64, with the argument and the column of the fault.
$ nimber value cg '{1|'
! nimber: argument 2: column 4: expected '}', found end of text
? 64

$ nimber value cg '1/3'
! nimber: argument 2: column 3: expected a power of 2 up to 2^62 as denominator, found 3
? 64

$ nimber value cg '* -'
! nimber: argument 2: column 4: expected a game, found end of text
? 64

$ nimber value cg '^' '{1|*} + -'
! nimber: argument 3: column 10: expected a game, found end of text
? 64

$ nimber value cg '(1000000 + {1|0})'
! nimber: argument 2: column 10: a sum inside braces or parentheses is too large to write out (more than 100000 positions or 1000 moves deep): write its terms at the top level
? 64

$ nimber value cg '{a|b}'
! nimber: argument 2: column 2: expected a game, found 'a'
? 64

$ nimber value cg '+-'
! nimber: argument 2: column 3: expected a game, found end of text
? 64

$ nimber value cg ''
! nimber: argument 2: column 1: expected a game, found end of text
? 64

$ nimber value cg '{1|2|3}'
! nimber: argument 2: column 5: a second '|' at the same level (write braces, or more bars for the outer split)
? 64

$ nimber value cg '*2000000'
! nimber: argument 2: column 1: a nimber in a cg position is at most *1048576
? 64

$ nimber value cg
! nimber: expected a position (one game per argument, in quotes: '{1|*}' '^')
? 64

$ nimber value cg:3 1
! nimber: game 'cg:3': cg takes no parameters: its positions are the games
? 64

$ nimber table cg --to 3
! nimber: table: cg positions have no single size to tabulate (see 'nimber table --help')
? 64

$ nimber plot cg --to 3
! nimber: plot: cg positions have no single size to plot (see 'nimber plot --help')
? 64

# --- Domineering --------------------------------------------------------------------------------
# Left places vertical dominoes, Right horizontal ones (CGSuite's convention).
$ nimber value domineering '../..'
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 2
> reduced canonical form +-1

$ nimber value domineering './.'
> 1: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

$ nimber value domineering '..'
> -1: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)

$ nimber value domineering '..../..../..../....' --json
> {"game":"domineering","position":"..../..../..../....","value":"+-{0,{{2|0},{2|{2|0}}|Miny(2),{2|0}}}","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":6,"reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

# --brief leaves the form out and keeps the rest; a number's mean is then said too.
$ nimber value domineering '..../..../..../....' --brief
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 6

$ nimber value domineering '..../..../..../....' --brief --json --remoteness
> {"game":"domineering","position":"..../..../..../....","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":6,"thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]},"remoteness_left_first":7,"remoteness_right_first":7}

$ nimber value cg 3 --brief
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 3, temperature -1
> left stop 3, right stop 3, birthday 3

# A Grundy value is short: --brief changes nothing.
$ nimber value twothree 1 2 5 --brief --json
> {"game":"div:2,3","position":"1 2 5","grundy":3,"winner":"first"}

$ nimber value domineering '...../...../...../...../.....'
~ slow
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value domineering '...../...../..#../...../.....' '......./......./.......'
~ slow
> {-3/4|-3}: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)
> mean -15/8, temperature 9/8
> left stop -3/4, right stop -3, birthday 4
> reduced canonical form {-3/4|-3}

# A transposed board is the negative: 2 rows of 3 against 3 rows of 2.
$ nimber value domineering '.../...'
> {2|-1/2}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 3/4, temperature 5/4
> left stop 2, right stop -1/2, birthday 3
> reduced canonical form {2|-1/2}

$ nimber value domineering '../../..'
> {1/2|-2}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean -3/4, temperature 5/4
> left stop 1/2, right stop -2, birthday 3
> reduced canonical form {1/2|-2}

$ nimber value domineering '.../...' '../../..'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

# A board splits into regions: moves name the domino's first cell on the board as printed, and
# lead to the regions left, each cropped and reflected to a normal form.
$ nimber moves domineering '..#/.../...'
> +-3/2: Left moving first wins; winning moves:
>   v1,2  ->  .##/.#./...
>   v2,2  ->  ..#/.#./.#.

$ nimber moves domineering '..#/.../...' --player right --json
> {"game":"domineering","position":"..#/.../...","value":"+-3/2","player":"right","outcome":"N","winner":"right","winning":[{"move":"h2,1","to":"..#/##./..."},{"move":"h2,2","to":"..#/.##/..."}]}

$ nimber moves domineering '../..' './.' '..'
> +-1: Left moving first wins; winning moves:
>   1:v1,1  ->  #./#. + ./. + ..
>   1:v1,2  ->  .#/.# + ./. + ..

$ nimber play domineering '.../...' --player right
< hint
< h1,1
< h1,2
< h2,1
> playing domineering from .../.... You are Right; you move first.
> Type a move, or hint, moves, help, quit.
> position: .../...  (Right to move)
> your move> winning moves:
>   h1,1  ->  ##./...
>   h1,2  ->  .##/...
>   h2,1  ->  .../##.
>   h2,2  ->  .../.##
> your move> you play h1,1  ->  ##./...
> position: ##./...  (Left to move)
> engine plays v1,3  ->  ###/..#
> position: ###/..#  (Right to move)
> your move> illegal move 'h1,2': not a legal move here (type 'moves' to list them)
> your move> you play h2,1  ->  ###/###
> position: ###/###  (Left to move)
> the engine has no move: you win

# Malformed boards: exit 64.
$ nimber value domineering '../.'
! nimber: argument 2: column 5: row 2 is 1 long, row 1 is 2 (every row must be as long)
? 64

$ nimber value domineering '..x/...'
! nimber: argument 2: column 3: expected '.', '#' or '/', found 'x'
? 64

$ nimber value domineering ''
! nimber: argument 2: expected a board: rows of '.' (empty) and '#' (filled) separated by '/', such as '..#/.../...'
? 64

$ nimber value domineering '//'
! nimber: argument 2: expected a board with at least one cell
? 64

$ nimber value domineering '................./.'
! nimber: argument 2: board '................./.' is too large (at most 16 rows, 16 columns and 120 cells)
? 64

$ nimber value domineering '.........../.........../.........../.........../.........../.........../.........../.........../.........../.........../...........'
! nimber: argument 2: board '.........../.........../.........../.........../.........../.......' (131 bytes in all) is too large (at most 16 rows, 16 columns and 120 cells)
? 64

$ nimber period domineering
! nimber: period: game 'domineering' has no period engine (div, psub, sub, oct and hex have) (see 'nimber period --help')
? 64

# --- psub: sums of piles --------------------------------------------------------------------------
$ nimber value psub:1,2/1,3 5 7 9
> {0|{^6|^5*}}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 9
> atomic weight 7
> reduced canonical form 0

$ nimber value psub:1,2/1,3 5 7 9 --json
> {"game":"psub:1,2/1,3","position":"5 7 9","value":"{0|{^6|^5*}}","outcome":"L","left_first":"left","right_first":"left","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":9,"atomic_weight":"7","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["0","-1"],["0","0"]]}}

$ nimber moves psub:1,2/1,3 5 7 9 --player right
> {0|{^6|^5*}}: Right moving first loses; no winning move

# Single piles keep their outcomes; where no proven period of the values reaches the pile, the
# outcome is given, and why the value is not.
$ nimber value psub:1,2/1,3 1000000
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> canonical form not given: game 'psub:1,2/1,3', pile 1000000: no period among the canonical values of piles 0 to 1023 (the value engine values at most 1024 piles, making at most 262144 options)

# Two L piles without forms, a sum too large for the sum search: L + L is L (G > 0, H > 0 give
# G + H > 0); the parts' classes decide it.
$ nimber value psub:1,2/1,3 1000000 2000000 --json
> {"game":"psub:1,2/1,3","position":"1000000 2000000","outcome":"L","left_first":"left","right_first":"left","note":"game 'psub:1,2/1,3', pile 1000000: no period among the canonical values of piles 0 to 1023 (the value engine values at most 1024 piles, making at most 262144 options)"}

# A form too long to print (the printer's limit is a quarter of --memory, here 1 MiB; the form
# is about 5 MB): its outcome, and the reason.
$ nimber value psub:3,7,10/2,6,7 130 --json --memory 4M
~ slow
> {"game":"psub:3,7,10/2,6,7","position":"130","outcome":"R","left_first":"right","right_first":"right","note":"the canonical form is longer than 1048576 bytes"}

# Brief, the same form is not printed, so nothing is too long: its mean and temperature are given.
$ nimber value psub:3,7,10/2,6,7 130 --brief --json
> {"game":"psub:3,7,10/2,6,7","position":"130","outcome":"R","left_first":"right","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":31,"thermograph":{"left":[["0","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

# What the store cannot compute is said, never dropped: the thermograph of {2^62|-1} passes 64-bit
# dyadics (its mean is (2^62 - 1)/2, its temperature (2^62 + 1)/2 at the mast's foot, a corner's
# value doubles past 2^63); the stops and the birthday stay
$ nimber value cg '{4611686018427387904|-1}'
> {4611686018427387904|-1}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> left stop 4611686018427387904, right stop -1, birthday 4611686018427387905
> reduced canonical form {4611686018427387904|-1}
> left out: mean, temperature, thermograph (thermograph out of range: a value needs more than 64 bits)

$ nimber value cg '{4611686018427387904|-1}' --json
> {"game":"cg","position":"{4611686018427387904|-1}","value":"{4611686018427387904|-1}","outcome":"N","left_first":"left","right_first":"right","left_stop":"4611686018427387904","right_stop":"-1","birthday":4611686018427387905,"reduced":"{4611686018427387904|-1}","omitted":{"mean":"thermograph out of range: a value needs more than 64 bits","temperature":"thermograph out of range: a value needs more than 64 bits","thermograph":"thermograph out of range: a value needs more than 64 bits"}}

# ^536870911 has its birthday by the closed form b(x + k.^ (+ *)) = b(x) + |k| + 1 (props.c);
# ^536870911*2 has none, and its walk would be 536870911 levels deep: said to be left out
$ nimber value cg '^536870911'
> ^536870911: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 536870912
> atomic weight 536870911
> reduced canonical form 0

$ nimber value cg '^536870911*2'
> ^536870911*2: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0
> atomic weight 536870911
> reduced canonical form 0
> left out: birthday (game too deep: more than 10000 nested moves)

$ nimber value cg '^536870911*2' --json --brief
> {"game":"cg","position":"^536870911*2","outcome":"L","left_first":"left","right_first":"left","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","atomic_weight":"536870911","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["0","-1"],["0","0"]]},"omitted":{"birthday":"game too deep: more than 10000 nested moves"}}

# CGSuite's named uptimals: ^[n] = ^ + ^<2> + .. + ^<n>, ^<n> the up-nth (CGSuite's test prints
# {0|*||*|||*||||*} as ^[4], atomic weight 1, birthday 5, and {0||0|v*} as {0|^<2>}, atomic
# weight 1, birthday 4: CanonicalShortGameTestCase.scala)
$ nimber value cg '{0|*||*|||*||||*}'
> ^[4]: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 5
> atomic weight 1
> reduced canonical form 0

$ nimber value cg '{0||0|v*}' --options
> {0|^<2>}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 4
> atomic weight 1
> reduced canonical form 0
> left options: 0
> right options: ^<2>

# a number before, a star after (the position, a literal game, is printed by the name it was
# read as: reading the name back gives the same game, tree for tree); ^<2> + v<3> (no unit, no
# unit sum) is an explicit game
$ nimber value cg '1/2 + v<3>*2' --json --brief
> {"game":"cg","position":"1/2 + v<3>*2","outcome":"L","left_first":"left","right_first":"left","mean":"1/2","temperature":"0","left_stop":"1/2","right_stop":"1/2","birthday":7,"thermograph":{"left":[["1","-1"],["1","-1/2"],["1/2","0"]],"right":[["0","-1"],["0","-1/2"],["1/2","0"]]}}

# moves and the positions after them print a literal game by CGSuite's name where reading the
# name gives the same literal game: ^[3]'s option ^[2], Tiny and Miny, the sum v<3> + * among
# the options of v<3>*2 (its option ^[2]* + *2 = {0,^*|0} + *2 has no such name: written out);
# {0|*} is not the atom ^ and stays as written, {{^|*}|*} is the tree ^[3] reads as
$ nimber moves cg '{Tiny(2)|Miny(1/2)}' '^[3]' '{0|*}' '{{^|*}|*}' --all
> {0|{{^^|^*}|^*}}: Left moving first wins; every move, best first:
>   2:^[2]  ->  {Tiny(2)|Miny(1/2)} + ^[2] + {0|*} + ^[3]  = {{0|{^^|^*}}|{^^|^*}}  (wins)
>   4:^[2]  ->  {Tiny(2)|Miny(1/2)} + ^[3] + {0|*} + ^[2]  = {{0|{^^|^*}}|{^^|^*}}  (wins)
>   1:Tiny(2)  ->  Tiny(2) + ^[3] + {0|*} + ^[3]  = {{0|{{^^*|^}|^}}|{{0|{{^^*|^}|^}}|{-2|{{-2^^*|-2^}|-2^}}}}  (wins)
>   3:0  ->  {Tiny(2)|Miny(1/2)} + ^[3] + 0 + ^[3]  = {0|^[3]}  (wins)

$ nimber moves cg '^[3]' 'v<3>*2' --all
> ^[2]*2: Left moving first wins; every move, best first:
>   2:{{0,^*|0},{{0,^*|0},*,^|{0,^*|0},*},*2,^*3|{0,^*|0},{{0,^*|0},*,^|{0,^*|0},*},*2}  ->  ^[3] + {{0,^*|0},{{0,^*|0},*,^|{0,^*|0},*},*2,^*3|{0,^*|0},{{0,^*|0},*,^|{0,^*|0},*},*2}  = {{0|^[2]*2}|^[2]*2}  (wins)
>   1:^[2]  ->  ^[2] + v<3>*2  = {{0|^[2]*2}|*3,^[2]*2}  (wins)
>   2:v<3>  ->  ^[3] + v<3>  = ^[2]  (wins)
>   2:v<3>*  ->  ^[3] + v<3>*  = ^[2]*  (loses)

$ nimber value cg '1/2 + v<3>*2' '^[2] - ^'
> {{1/2|1/2^<2>*2}|1/2v*3,1/2^<2>*2}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1/2, temperature 0
> left stop 1/2, right stop 1/2, birthday 8
> reduced canonical form 1/2

$ nimber value cg '1/2 + v<3>*2'
> 1/2v<3>*2: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1/2, temperature 0
> left stop 1/2, right stop 1/2, birthday 7
> reduced canonical form 1/2

$ nimber value cg '^[0]'
! nimber: argument 2: column 3: ^[0]: n must be 1 to 1000
? 64

$ nimber value cg 'v<2'
! nimber: argument 2: column 4: expected '>', found end of text
? 64
