# Golden tests of the strip games: Toads and Frogs (src/games/toads.c), Elephants and Rhinos
# (the same file, without jumps) and Toppling Dominoes (toppling.c): values, moves, play, malformed strips.

# Toads and Frogs: 't' Left's toads move right, 'f' Right's frogs left, one step into an empty
# cell or a jump over one opponent into the empty cell beyond.
$ nimber value toads 't.f'
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0

$ nimber value toads 'tt.ff' --json
> {"game":"toads","position":"tt.ff","value":"*","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":1,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

$ nimber value toads 'TTT..FFF'
> +-1/8: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1/8
> left stop 1/8, right stop -1/8, birthday 5
> reduced canonical form +-1/8

# Frogs at the left end and toads at the right end never move; a block 'ttff' never changes and
# splits the strip.
$ nimber moves toads 'ft.tff.ff.' --player right
> -3/2: Right moving first wins; winning moves:
>   5  ->  ftft.f.ff.
>   8  ->  ft.tfff.f.

$ nimber value toads 'ttttttttt..fffffffff' --brief
~ slow
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 44

$ printf 'hint\n1\n1\n2\n' | nimber play toads 't.f' --player left
> playing toads from t.f. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: t.f  (Left to move)
> your move> winning moves:
>   1  ->  .tf
> your move> you play 1  ->  .tf
> position: .tf  (Right to move)
> engine plays 3  ->  ft.
> position: ft.  (Left to move)
> your move> illegal move '1': not a legal move here (type 'moves' to list them)
> your move> you play 2  ->  f.t
> position: f.t  (Right to move)
> the engine has no move: you win

# Elephants and Rhinos: steps only; 'tf' never changes and splits the strip.
$ nimber value elephants 't..f'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value elephants 't.t.t.t.t.f.f.f.f.f.' --json
> {"game":"elephants","position":"t.t.t.t.t.f.f.f.f.f.","value":"+-4","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"4","left_stop":"4","right_stop":"-4","birthday":5,"reduced":"+-4","thermograph":{"left":[["5","-1"],["0","4"]],"right":[["-5","-1"],["0","4"]]}}

$ nimber moves elephants 't.tf..f' '.t'
> -1: Left moving first loses; no winning move

# Toppling Dominoes: 'l' blue (Left's), 'r' red (Right's), 'e' green (either's); a domino
# toppled left or right takes every domino on that side with it.
$ nimber value toppling 'llll' 'eeeee'
> 4*5: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 4, temperature 0
> left stop 4, right stop 4, birthday 9
> reduced canonical form 4

$ nimber value toppling 'lr' 'lre' 'rle'
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0

$ nimber value toppling 'lrlrlrlrlrlrlrlrlrlr' --json
> {"game":"toppling","position":"lrlrlrlrlrlrlrlrlrlr","value":"*10","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":10,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

$ nimber moves toppling 'lrel'
> {1|*}: Left moving first wins; winning moves:
>   1r  ->  0
>   3l  ->  l
>   4l  ->  0

$ printf '1r\n' | nimber play toppling 'lre' --player left
> playing toppling from lre. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: lre  (Left to move)
> your move> you play 1r  ->  0
> position: 0  (Right to move)
> the engine has no move: you win

# Rows stay as typed after a move (in_place): 5r leaves 'rrll' (the search keeps 'llrr', its
# reversal), and the engine's move is numbered on the row shown.
$ printf '5r\nquit\n' | nimber play toppling 'rrlle' --player left
> playing toppling from rrlle. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: rrlle  (Left to move)
> your move> you play 5r  ->  rrll
> position: rrll  (Right to move)
> engine plays 2r  ->  r
> position: r  (Left to move)
> you have no move: the engine wins

$ nimber moves toppling 'rrlle' --all
> {0,{1|0}|-1}: Left moving first wins; every move, best first:
>   5l  ->  0  = 0  (wins)
>   3l  ->  le  = {1|0}  (loses)
>   4l  ->  e  = *  (loses)
>   5r  ->  rrll  = +-1  (loses)
>   4r  ->  rrl  = {0|-1}  (loses)
>   3r  ->  rr  = -2  (loses)

# Malformed strips: exit 64, naming the argument and the column.
$ nimber value toads 't.x'
! nimber: argument 2: column 3: expected '.', 't' or 'f', found 'x'
? 64

$ nimber value toads ''
! nimber: argument 2: expected a strip of '.' (empty), 't' (toads) and 'f' (frogs), such as 'tt.ff'
? 64

$ nimber value toads '.............................................................'
! nimber: argument 2: column 61: the strip is too long (at most 60 cells)
? 64

$ nimber value elephants 'tf/tf'
! nimber: argument 2: column 3: expected '.', 't' or 'f', found '/'
? 64

$ nimber value toppling 'l.r'
! nimber: argument 2: column 2: expected 'l', 'r' or 'e', found '.'
? 64

$ nimber value toppling:3 'l'
! nimber: game 'toppling:3': toppling takes no parameters: its positions are boards
? 64
