# Golden tests of Snort (src/games/snort.c): values, moves, play, and malformed boards.
# A board is rows separated by '/': '.' empty, '#' blocked, 'l'/'r' Left's/Right's only (next to
# a piece of theirs), 'L'/'R' pieces. Moves are named by their cell, row then column.

# One empty cell is *; a strip of two is +-1 and of three +-2 (the star K_{1,n} is +-n).
$ nimber value snort '.'
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0

$ nimber value snort '..' --json
> {"game":"snort","position":"..","value":"+-1","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"1","left_stop":"1","right_stop":"-1","birthday":2,"reduced":"+-1","thermograph":{"left":[["2","-1"],["0","1"]],"right":[["-2","-1"],["0","1"]]}}

$ nimber value snort '...'
> +-2: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 2
> left stop 2, right stop -2, birthday 3
> reduced canonical form +-2

$ nimber value snort '#.#/.../#.#'
> +-4: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 4
> left stop 4, right stop -4, birthday 5
> reduced canonical form +-4

# An empty board of odd sides is a first-player win (play the centre, then mirror).
$ nimber value snort '.../.../...'
> +-{3|2}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 5/2
> left stop 2, right stop -2, birthday 5
> reduced canonical form +-{3|2}

# Pieces tint their neighbours: both boards are the same position.
$ nimber value snort 'L../...'
> {4|{0|-1}}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 7/4, temperature 9/4
> left stop 4, right stop 0, birthday 5
> reduced canonical form {4|{0|-1}}

$ nimber value snort '#l./l..' --json
> {"game":"snort","position":"#l./l..","value":"{4|{0|-1}}","outcome":"L","left_first":"left","right_first":"left","mean":"7/4","temperature":"9/4","left_stop":"4","right_stop":"0","birthday":5,"reduced":"{4|{0|-1}}","thermograph":{"left":[["5","-1"],["7/4","9/4"]],"right":[["0","-1"],["0","1/2"],["7/4","9/4"]]}}

# A cell between pieces of both colours is nobody's.
$ nimber value snort 'R.L'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

# Boards in a sum: 'l' is 1, 'r' is -1.
$ nimber value snort '..' 'l' 'r'
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 2
> reduced canonical form +-1

# A move leaves the regions of the board, each cropped and turned to its normal form.
$ nimber moves snort '...'
> +-2: Left moving first wins; winning moves:
>   1,2  ->  l#l

$ nimber moves snort '...' --player right --json
> {"game":"snort","position":"...","value":"+-2","player":"right","outcome":"N","winner":"right","winning":[{"move":"1,2","to":"r#r"}]}

$ nimber moves snort '.L./...'
> {4|{1|0}}: Left moving first wins; winning moves:
>   1,1  ->  ##l/ll.
>   1,3  ->  l##/.ll
>   2,1  ->  l#l/#l.
>   2,2  ->  l#l/l#l
>   2,3  ->  l#l/.l#

$ nimber moves snort '..' '.' 'l'
> {2*|*}: Left moving first wins; winning moves:
>   1:1,1  ->  #l + . + l
>   1:1,2  ->  l# + . + l

$ printf 'hint\n1,1\n' | nimber play snort '...' --player left
> playing snort from .... You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: ...  (Left to move)
> your move> winning moves:
>   1,2  ->  l#l
> your move> you play 1,1  ->  #l.
> position: #l.  (Right to move)
> engine plays 1,3  ->  ###
> position: ###  (Left to move)
> you have no move: the engine wins

# Malformed boards: exit 64, naming the argument and the column.
$ nimber value snort 'LR'
! nimber: argument 2: column 2: a Left piece next to a Right piece (no play of Snort makes one)
? 64

$ nimber value snort '../R./L.'
! nimber: argument 2: column 7: a Left piece next to a Right piece (no play of Snort makes one)
? 64

$ nimber value snort '..x'
! nimber: argument 2: column 3: expected '.', '#', 'l', 'r', 'L', 'R' or '/', found 'x'
? 64

$ nimber value snort ''
! nimber: argument 2: expected a board: rows of '.' (empty), '#' (blocked), 'l' and 'r' (Left's or Right's only), 'L' and 'R' (pieces) separated by '/', such as '..#/.L./...'
? 64

$ nimber value snort '.../..'
! nimber: argument 2: column 7: row 2 is 2 long, row 1 is 3 (every row must be as long)
? 64

$ nimber value snort '......../......../......../......../......../......../......../........'
! nimber: argument 2: board '......../......../......../......../......../......../......../....' (71 bytes in all) is too large (at most 16 rows, 16 columns and 60 cells)
? 64

$ nimber value snort:3x4 '...'
! nimber: game 'snort:3x4': snort takes no parameters: its positions are boards
? 64
