# Golden tests of Konane (src/games/konane.c): a stone jumps an adjacent stone of the other's into
# the empty cell beyond, capturing it, and may jump on the same way; values, moves, play,
# malformed boards.

# One jump for Left and none for Right: {0|} = 1; one jump each: *.
$ nimber value konane 'xo.' '.xo.'
> 1*: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1, temperature 0
> left stop 1, right stop 1, birthday 2
> reduced canonical form 1

# A double jump is a move, and so is its first stop: 'xo.o.' is {0,*|} = 1.
$ nimber moves konane 'xo.o.' --player left
> 1: Left moving first wins; winning moves:
>   1,1-1,5  ->  ....x

# Blocked cells ('#') split a board into regions; CGSuite's '|' and capitals.
$ nimber value konane 'XO.#.OX|.#..#oo' --json
> {"game":"konane","position":"xo.#.ox/.#..#oo","value":"2","outcome":"L","left_first":"left","right_first":"left","mean":"2","temperature":"-1","left_stop":"2","right_stop":"2","birthday":2,"reduced":"2","thermograph":{"left":[["2","-1"]],"right":[["2","-1"]]}}

# A 4 x 4 board from the opening: the checkerboard with two stones taken out of the middle.
$ nimber value konane 'xoxo/o..x/xo.o/oxox'
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber moves konane 'xoxo/ox.x/xo.o/oxox' .xo.
> *: Left moving first wins; winning moves:
>   2:1,2-1,4  ->  xoxo/ox.x/xo.o/oxox + ...x

$ printf 'hint\n1,1-1,3\n' | nimber play konane 'xo.' --player left
> playing konane from xo.. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: xo.  (Left to move)
> your move> winning moves:
>   1,1-1,3  ->  ..x
> your move> you play 1,1-1,3  ->  ..x
> position: ..x  (Right to move)
> the engine has no move: you win

# Malformed boards: exit 64, naming the argument and the column.
$ nimber value konane 'xo/o'
! nimber: argument 2: column 5: row 2 is 1 long, row 1 is 2 (every row must be as long)
? 64

$ nimber value konane 'x.z'
! nimber: argument 2: column 3: expected 'x', 'o', '.', '#', '/' or '|', found 'z'
? 64

$ nimber value konane ''
! nimber: argument 2: expected a board: rows of 'x' (Left's stones), 'o' (Right's), '.' (empty) and '#' (blocked) separated by '/' or '|', such as 'xo.|.ox'
? 64

$ nimber value konane '.................'
! nimber: argument 2: board '.................' is too large (at most 16 rows and 16 columns)
? 64

$ nimber value konane:1 'xo.'
! nimber: game 'konane:1': konane takes no parameters: its positions are boards
? 64
