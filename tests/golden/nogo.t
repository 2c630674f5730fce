# Golden tests of NoGo (src/games/nogo.c): values, moves, play, and malformed boards.
# A board is rows separated by '/': '.' empty, 'x' Left's (black) stones, 'o' Right's (white),
# '#' blocked, in either case. No move may leave a group of either colour without a liberty.

# One cell has no move (a stone there would have no liberty); two cells are *.
$ nimber value nogo '.'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value nogo '..' --json
> {"game":"nogo","position":"..","value":"*","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":1,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

$ nimber value nogo '...'
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 2
> reduced canonical form +-1

$ nimber value nogo 'X.O/...'
> +-(1*): N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 3
> reduced canonical form +-1

$ nimber value nogo '.x./x.o/.o.' --json
> {"game":"nogo","position":".x./x.o/.o.","value":"*","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":1,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

$ nimber value nogo '..../..../....'
~ slow
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

# The colours exchanged negate a board; blocked cells split it.
$ nimber value nogo 'x...' 'o...'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value nogo '..#../..#..'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber moves nogo '...' 'x..'
> +-(1*): Left moving first wins; winning moves:
>   1:1,1  ->  x.. + x..
>   1:1,2  ->  .x. + x..
>   1:1,3  ->  ..x + x..

$ nimber moves nogo 'x...' --player right --json
> {"game":"nogo","position":"x...","value":"+-1","player":"right","outcome":"N","winner":"right","winning":[{"move":"1,3","to":"x.o."}]}

$ printf 'hint\n1,2\n' | nimber play nogo '...' --player right
> playing nogo from .... You are Right; you move first.
> Type a move, or hint, moves, help, quit.
> position: ...  (Right to move)
> your move> winning moves:
>   1,2  ->  .o.
> your move> you play 1,2  ->  .o.
> position: .o.  (Left to move)
> the engine has no move: you win

# Malformed boards: exit 64, naming the argument and the column.
$ nimber value nogo 'xo'
! nimber: argument 2: column 1: the black ('x') group there has no liberty (no play of NoGo leaves one)
? 64

$ nimber value nogo '.x./xox/.x.'
! nimber: argument 2: column 6: the white ('o') group there has no liberty (no play of NoGo leaves one)
? 64

$ nimber value nogo '..y'
! nimber: argument 2: column 3: expected '.', '#', 'x', 'o' or '/', found 'y'
? 64

$ nimber value nogo '.../..'
! nimber: argument 2: column 7: row 2 is 2 long, row 1 is 3 (every row must be as long)
? 64

$ nimber value nogo '......../......../......../......../......../......../......../........'
! nimber: argument 2: board '......../......../......../......../......../......../......../....' (71 bytes in all) is too large (at most 16 rows, 16 columns and 60 cells)
? 64

$ nimber value nogo:3x4 '...'
! nimber: game 'nogo:3x4': nogo takes no parameters: its positions are boards
? 64
