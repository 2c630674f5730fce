# moves --all (moves.c): every legal move with the value of the position it leaves, best first
# for the mover. README: "Every move, best first".
# Impartial: the winning moves (to 0) first, then by the Grundy value left, least first; moves
# of equal value in the order made. Kayles 5 + 3 is *7 (Grundy values 4 and 3).

$ nimber moves --all kayles 5 3
> *7: the first player wins; every move, best first:
>   5-2  ->  3 3  = 0  (wins)
>   5-2=1+2  ->  1 2 3  = 0  (wins)
>   5-1=1+3  ->  1 3 3  = *1  (loses)
>   5-1  ->  4 3  = *2  (loses)
>   5-1=2+2  ->  2 2 3  = *3  (loses)
>   3-1=1+1  ->  5 1 1  = *4  (loses)
>   3-2  ->  5 1  = *5  (loses)
>   3-1  ->  5 2  = *6  (loses)

$ nimber moves --all kayles 5 3 --json
> {"game":"oct:0.77","position":"5 3","grundy":7,"winner":"first","moves":[{"move":"5-2","to":"3 3","value":0,"wins":true},{"move":"5-2=1+2","to":"1 2 3","value":0,"wins":true},{"move":"5-1=1+3","to":"1 3 3","value":1,"wins":false},{"move":"5-1","to":"4 3","value":2,"wins":false},{"move":"5-1=2+2","to":"2 2 3","value":3,"wins":false},{"move":"3-1=1+1","to":"5 1 1","value":4,"wins":false},{"move":"3-2","to":"5 1","value":5,"wins":false},{"move":"3-1","to":"5 2","value":6,"wins":false}]}
# A lost position lists its moves all the same, none winning.

$ nimber moves --all nim 2 2
> 0: the second player wins; every move, best first:
>   2-2  ->  2  = *2  (loses)
>   2-2  ->  2  = *2  (loses)
>   2-1  ->  1 2  = *3  (loses)
>   2-1  ->  2 1  = *3  (loses)
# Partizan: winning moves first (value >= 0 for Left), then by value from Left's view: 3/2 >
# 3/4; the losing +-1 and {1/2|-2} are ordered by how many moves' values each is greater than,
# then as made.

$ nimber moves --all domineering '..#/.../...'
> +-3/2: Left moving first wins; every move, best first:
>   v2,2  ->  ..#/.#./.#.  = 3/2  (wins)
>   v1,2  ->  .##/.#./...  = 3/4  (wins)
>   v1,1  ->  #.#/#../...  = +-1  (loses)
>   v2,1  ->  ..#/#../#..  = {1/2|-2}  (loses)
>   v2,3  ->  ..#/..#/..#  = {1/2|-2}  (loses)
# Right's view: lesser values first (-3/2 before -3/4).

$ nimber moves --all domineering '..#/.../...' --player right
> +-3/2: Right moving first wins; every move, best first:
>   h2,1  ->  ..#/##./...  = -3/2  (wins)
>   h2,2  ->  ..#/.##/...  = -3/4  (wins)
>   h3,2  ->  ..#/.../.##  = +-1  (loses)
>   h1,1  ->  ###/.../...  = {2|-1/2}  (loses)
>   h3,1  ->  ..#/.../##.  = {2|-1/2}  (loses)

$ nimber moves --all domineering '..#/.../...' --player right --json
> {"game":"domineering","position":"..#/.../...","value":"+-3/2","player":"right","outcome":"N","winner":"right","moves":[{"move":"h2,1","to":"..#/##./...","value":"-3/2","wins":true},{"move":"h2,2","to":"..#/.##/...","value":"-3/4","wins":true},{"move":"h3,2","to":"..#/.../.##","value":"+-1","wins":false},{"move":"h1,1","to":"###/.../...","value":"{2|-1/2}","wins":false},{"move":"h3,1","to":"..#/.../##.","value":"{2|-1/2}","wins":false}]}
# Sums: a move of component k is "k:MOVE"; the position left is the whole sum.

$ nimber moves --all cg '{1|*}' '^'
> {1^|^*}: Left moving first wins; every move, best first:
>   1:1  ->  1 + ^  = 1^  (wins)
>   2:0  ->  {1|*} + 0  = {1|*}  (wins)

$ nimber moves --all domineering '..' '.' '../..'
> {0|-2}: Left moving first wins; every move, best first:
>   3:v1,1  ->  .. + . + #./#.  = 0  (wins)
>   3:v1,2  ->  .. + . + .#/.#  = 0  (wins)
# Boards stay as typed, the move made in place (not split into regions, not reflected).

$ nimber moves --all clobber 'xo./ox.'
> *: Left moving first wins; every move, best first:
>   1,1-2,1  ->  .o./xx.  = ^  (wins)
>   1,1-1,2  ->  .x./ox.  = ^  (wins)
>   2,2-1,2  ->  xx./o..  = ^  (wins)
>   2,2-2,1  ->  xo./x..  = ^  (wins)

$ nimber moves --all snort '...'
> +-2: Left moving first wins; every move, best first:
>   1,2  ->  l#l  = 2  (wins)
>   1,1  ->  #l.  = {1|0}  (loses)
>   1,3  ->  .l#  = {1|0}  (loses)

$ nimber moves --all impartial:domineering '..../....'
> 0: the second player wins; every move, best first:
>   Lv1,1  ->  #.../#...  = *1  (loses)
>   Lv1,2  ->  .#../.#..  = *1  (loses)
>   Lv1,3  ->  ..#./..#.  = *1  (loses)
>   Lv1,4  ->  ...#/...#  = *1  (loses)
>   Rh1,1  ->  ##../....  = *3  (loses)
>   Rh1,2  ->  .##./....  = *3  (loses)
>   Rh1,3  ->  ..##/....  = *3  (loses)
>   Rh2,1  ->  ..../##..  = *3  (loses)
>   Rh2,2  ->  ..../.##.  = *3  (loses)
>   Rh2,3  ->  ..../..##  = *3  (loses)

$ nimber moves --all toads 't.f.'
> 1/2: Left moving first wins; every move, best first:
>   1  ->  .tf.  = 0  (wins)
# Misère play: the misère values (genus), winning moves first.

$ nimber moves --all kayles 4 --misere
> 1^031: the second player wins (misère play); every move, best first:
>   4-1  ->  3  = 3^31  (loses)
>   4-1=1+2  ->  1 2  = 3^31  (loses)
>   4-2  ->  2  = 2^20  (loses)
>   4-2=1+1  ->  1 1  = 0^120  (loses)

$ nimber moves --all domineering '...' --misere
> L: Left moving first wins (misère play); no move
# No move at all.

$ nimber moves --all domineering '#'
> 0: Left moving first loses; no move

$ nimber moves --all domineering '#' --json
> {"game":"domineering","position":"#","value":"0","player":"left","outcome":"P","winner":"right","moves":[]}
# Errors: --all takes no value, is given once; --player applies to partizan games only; a
# position the limits refuse.

$ nimber moves --all=yes kayles 3
! nimber: moves: option '--all' takes no value (see 'nimber moves --help')
? 64

$ nimber moves --all --all kayles 3
! nimber: moves: option '--all' given twice (see 'nimber moves --help')
? 64

$ nimber moves --all kayles 3 --player right
! nimber: moves: --player applies to partizan games only; 'oct:0.77' is impartial (both players have the same moves) (see 'nimber moves --help')
? 64

$ nimber moves --all kayles x
! nimber: argument 2: expected a heap (an integer from 0 to 2^64-1), found 'x'
? 64

$ nimber moves --all nim 100000000000
! nimber: position too large to list its moves (up to 100000000000 moves, more than the 16777216 a list may hold)
? 65
# play shows the board as the user wrote it: cells in place, the move made, never a reflection
# or a split into regions; moves are numbered on that board, after any number of moves.

$ nimber play domineering '....../......' --player right --seed 3
< h1,3
< moves
< h2,1
< hint
< quit
> playing domineering from ....../....... You are Right; you move first.
> Type a move, or hint, moves, help, quit.
> position: ....../......  (Right to move)
> your move> you play h1,3  ->  ..##../......
> position: ..##../......  (Left to move)
> engine plays v1,1  ->  #.##../#.....
> position: #.##../#.....  (Right to move)
> your move> legal moves:
>   h1,5  ->  #.####/#.....
>   h2,2  ->  #.##../###...
>   h2,3  ->  #.##../#.##..
>   h2,4  ->  #.##../#..##.
>   h2,5  ->  #.##../#...##
> your move> illegal move 'h2,1': not a legal move here (type 'moves' to list them)
> your move> winning moves:
>   h1,5  ->  #.####/#.....
>   h2,4  ->  #.##../#..##.
>   h2,5  ->  #.##../#...##
> your move> you resign: the engine wins

$ nimber play clobber 'xoxo/oxox' --engine-first --seed 5
< hint
< quit
> playing clobber from xoxo/oxox. You are Left; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: xoxo/oxox  (Right to move)
> engine plays 1,4-2,4  ->  xox./oxoo
> position: xox./oxoo  (Left to move)
> your move> no winning move: against perfect play you lose
> your move> you resign: the engine wins

$ nimber play cram '....' --seed 1
< h1,2
> playing cram from ....; you move first.
> Type a move, or hint, moves, help, quit.
> position: ....
> your move> you play h1,2  ->  .##.
> position: .##.
> the engine has no move: you win
