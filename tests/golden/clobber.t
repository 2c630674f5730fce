# Golden tests of Clobber (src/games/clobber.c): values, moves, play, boards past 128 bits, and
# malformed boards. A board is rows separated by '/' (or CGSuite's '|'): 'x' Left's stones, 'o'
# Right's, '.' empty, letters in either case. Moves are named by the stone's cell and the cell it
# moves to, row then column: '1,2-1,3'.

# 'xo' = {0|0} = *; 'xxo' = {0|*} = ^ (up); stones of one colour only are 0.
$ nimber value clobber xo
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0

$ nimber value clobber xxo
> ^: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 2
> atomic weight 1
> reduced canonical form 0

$ nimber value clobber 'xx.x/x...'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value clobber 'XoX|o..' --json
> {"game":"clobber","position":"xox/o..","value":"+-{*,^}","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":3,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

$ nimber value clobber 'xo/ox' 'xxo' 'ooX'
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0

# A move leaves the groups with both colours, each cropped and turned to its normal form.
$ nimber moves clobber 'xox/.x.'
> *: Left moving first wins; winning moves:
>   1,1-1,2  ->  .xx/.x.
>   1,3-1,2  ->  xx./.x.
>   2,2-1,2  ->  xxx/...

$ nimber moves clobber 'xox/.x.' --player right --json
> {"game":"clobber","position":"xox/.x.","value":"*","player":"right","outcome":"N","winner":"right","winning":[{"move":"1,2-2,2","to":"x.x/.o."},{"move":"1,2-1,1","to":"o.x/.x."},{"move":"1,2-1,3","to":"x.o/.x."}]}

# An 8 x 8 board (128 bits: through the game's store of large positions): five groups.
$ nimber value clobber 'xxo....o/.......x/......../...xo.../...ox.../......../x......./o.....xo'
> ^: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 2
> atomic weight 1
> reduced canonical form 0

$ nimber moves clobber 'xxo....o/.......x/......../...xo.../...ox.../......../x......./o.....xo'
> ^: Left moving first wins; winning moves:
>   1,2-1,3  ->  x.x....o/.......x/......../...xo.../...ox.../......../x......./o.....xo
>   4,4-5,4  ->  xxo....o/.......x/......../....o.../...xx.../......../x......./o.....xo
>   4,4-4,5  ->  xxo....o/.......x/......../....x.../...ox.../......../x......./o.....xo
>   5,5-4,5  ->  xxo....o/.......x/......../...xx.../...o..../......../x......./o.....xo
>   5,5-5,4  ->  xxo....o/.......x/......../...xo.../...x..../......../x......./o.....xo

$ nimber play clobber 'xxo....o/.......x/......../...xo.../...ox.../......../x......./o.....xo'
< 1,2-1,3
< moves
< 4,4-5,4
< quit
> playing clobber from xxo....o/.......x/......../...xo.../...ox.../......../x......./o.....xo. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: xxo....o/.......x/......../...xo.../...ox.../......../x......./o.....xo  (Left to move)
> your move> you play 1,2-1,3  ->  x.x....o/.......x/......../...xo.../...ox.../......../x......./o.....xo
> position: x.x....o/.......x/......../...xo.../...ox.../......../x......./o.....xo  (Right to move)
> engine plays 1,8-2,8  ->  x.x...../.......o/......../...xo.../...ox.../......../x......./o.....xo
> position: x.x...../.......o/......../...xo.../...ox.../......../x......./o.....xo  (Left to move)
> your move> legal moves:
>   4,4-5,4  ->  x.x...../.......o/......../....o.../...xx.../......../x......./o.....xo
>   4,4-4,5  ->  x.x...../.......o/......../....x.../...ox.../......../x......./o.....xo
>   5,5-4,5  ->  x.x...../.......o/......../...xx.../...o..../......../x......./o.....xo
>   5,5-5,4  ->  x.x...../.......o/......../...xo.../...x..../......../x......./o.....xo
>   7,1-8,1  ->  x.x...../.......o/......../...xo.../...ox.../......../......../x.....xo
>   8,7-8,8  ->  x.x...../.......o/......../...xo.../...ox.../......../x......./o......x
> your move> you play 4,4-5,4  ->  x.x...../.......o/......../....o.../...xx.../......../x......./o.....xo
> position: x.x...../.......o/......../....o.../...xx.../......../x......./o.....xo  (Right to move)
> engine plays 4,5-5,5  ->  x.x...../.......o/......../......../...xo.../......../x......./o.....xo
> position: x.x...../.......o/......../......../...xo.../......../x......./o.....xo  (Left to move)
> your move> you resign: the engine wins

# A snake of 15 stones down and across an 8 x 8 board: large positions all the way down.
$ nimber value --brief clobber 'x......./o......./x......./x......./o......./x......./o......./xoxxoxox'
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 9
> atomic weight 1/2

$ nimber value --brief clobber 'x......./o......./x......./x......./o......./x......./o......./xoxxoxox' --memory 64K
! nimber: argument 2: position too large: the store of large positions would take more than the memory limit of 64 KiB (it holds 0 positions; --memory SIZE raises it)
? 64

# A strip of one row longer than 16 cells (up to 57): CGSuite's 1 x n Clobber.
$ nimber value --brief clobber 'xoxoxoxoxoxoxoxoxoxo'
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 10
> atomic weight 0

$ nimber moves clobber 'xoxxxxxxxxxxxxxxo.xo'
> {^14|^10}: Left moving first wins; winning moves:
>   1,1-1,2  ->  .xxxxxxxxxxxxxxxo.xo
>   1,3-1,2  ->  xx.xxxxxxxxxxxxxo.xo
>   1,16-1,17  ->  xoxxxxxxxxxxxxx.x.xo
>   1,19-1,20  ->  xoxxxxxxxxxxxxxxo..x

# Malformed boards: exit 64, naming the argument and the column.
$ nimber value clobber 'xo' 'x#o'
! nimber: argument 3: column 2: expected 'x', 'o', '.', '/' or '|', found '#'
? 64

$ nimber value clobber 'xo/o'
! nimber: argument 2: column 5: row 2 is 1 long, row 1 is 2 (every row must be as long)
? 64

$ nimber value clobber ''
! nimber: argument 2: expected a board: rows of 'x' (Left's stones), 'o' (Right's) and '.' (empty) separated by '/' or '|', such as 'xo.|.ox'
? 64

$ nimber value clobber 'xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo'
! nimber: argument 2: board 'xoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxoxo' is too large (at most 16 rows and 16 columns, or one row of 57)
? 64

$ nimber value clobber 'xoxoxoxoxoxoxoxox/x'
! nimber: argument 2: board 'xoxoxoxoxoxoxoxox/x' is too large (at most 16 rows and 16 columns)
? 64

$ nimber value clobber 'xoxoxoxoxoxoxoxoxo.o#'
! nimber: argument 2: column 21: expected 'x', 'o', '.', '/' or '|', found '#'
? 64

$ nimber value clobber 'x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x'
! nimber: argument 2: board 'x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x' is too large (at most 16 rows and 16 columns)
? 64

$ nimber value clobber:8x8 'xo'
! nimber: game 'clobber:8x8': clobber takes no parameters: its positions are boards
? 64

# moves --first on a partizan game without the hook winning_move: the first of every winning
# move (xox has two), the outcome alone (P, not the value 0).
$ nimber moves clobber xox --first
> N: Left moving first wins; a winning move:
>   1,1-1,2  ->  .xx

$ nimber moves clobber xo.ox --first
> P: Left moving first loses; no winning move
