# Golden tests of Col (src/games/snort.c, which holds Snort and Col): values, moves, play, and malformed boards.
# A board is rows separated by '/': '.' empty, '#' blocked, 'l'/'r' Left's/Right's only, 'x'/'o'
# cells coloured by Left (blue) and Right (red), in either case. Moves are named by their cell.

# One empty cell is *; a strip of two is 0 (the second player colours the other end).
$ nimber value col '.'
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0

$ nimber value col '..' --json
> {"game":"col","position":"..","value":"0","outcome":"P","left_first":"right","right_first":"left","mean":"0","temperature":"-1","left_stop":"0","right_stop":"0","birthday":0,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["0","-1"]],"right":[["0","-1"]]}}

$ nimber value col 'l' 'r' 'l'
> 1: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# A coloured cell forbids its neighbours to its own colour: both boards are the same position.
$ nimber value col 'x..'
> -1/2: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)

$ nimber value col '#r.' --json
> {"game":"col","position":"#r.","value":"-1/2","outcome":"R","left_first":"right","right_first":"right","mean":"-1/2","temperature":"-1/2","left_stop":"-1/2","right_stop":"-1/2","birthday":2,"reduced":"-1/2","thermograph":{"left":[["0","-1"],["-1/2","-1/2"]],"right":[["-1","-1"],["-1/2","-1/2"]]}}

$ nimber value col 'X../.O.'
> 1/2: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# Col values are numbers or numbers plus *, and a board a half turn maps to itself with the
# colours exchanged is 0 (the second player mirrors with the other colour).
$ nimber value col 'x.../...o'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value col '..../..../..../....'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value col '.l../..r.' '...'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

# A move leaves the regions of the board, each cropped and turned to its normal form.
$ nimber moves col '...' '.' 'l'
> 1*: Left moving first wins; winning moves:
>   1:1,1  ->  #r. + . + l
>   1:1,3  ->  .r# + . + l
>   2:1,1  ->  ... + # + l

$ nimber moves col 'x..' --player right --json
> {"game":"col","position":"#r.","value":"-1/2","player":"right","outcome":"R","winner":"right","winning":[{"move":"1,3","to":"###"}]}

$ printf 'hint\n1,1\n' | nimber play col '...' --player left
> playing col from .... You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: ...  (Left to move)
> your move> no winning move: against perfect play you lose
> your move> you play 1,1  ->  #r.
> position: #r.  (Right to move)
> engine plays 1,3  ->  ###
> position: ###  (Left to move)
> you have no move: the engine wins

# Malformed boards: exit 64, naming the argument and the column.
$ nimber value col 'xx'
! nimber: argument 2: column 2: two blue ('x') cells side by side (no play of Col makes them)
? 64

$ nimber value col '../o./O.'
! nimber: argument 2: column 7: two red ('o') cells side by side (no play of Col makes them)
? 64

$ nimber value col '..y'
! nimber: argument 2: column 3: expected '.', '#', 'l', 'r', 'x', 'o' or '/', found 'y'
? 64

$ nimber value col ''
! nimber: argument 2: expected a board: rows of '.' (empty), '#' (blocked), 'l' and 'r' (Left's or Right's only), 'x' and 'o' (Left's and Right's colours) separated by '/', such as '..#/.x./...'
? 64

$ nimber value col '.../..'
! nimber: argument 2: column 7: row 2 is 2 long, row 1 is 3 (every row must be as long)
? 64

$ nimber value col '......../......../......../......../......../......../......../........'
! nimber: argument 2: board '......../......../......../......../......../......../......../....' (71 bytes in all) is too large (at most 16 rows, 16 columns and 60 cells)
? 64

$ nimber value col:3x4 '...'
! nimber: game 'col:3x4': col takes no parameters: its positions are boards
? 64
