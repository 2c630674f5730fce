# Golden tests of the Game of the Amazons (src/games/amazons.c): an amazon moves like a queen,
# then shoots an arrow like a queen from where it lands, burning a cell; values, moves, play,
# malformed boards.

# A lone amazon: one empty cell is one move (1), two in a row are two (2); 'x.o' is *.
$ nimber value amazons 'x.' 'x..'
> 3: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

$ nimber value amazons 'x.o' --json
> {"game":"amazons","position":"x.o","value":"*","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":1,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

# Burned cells part a board into regions; cells touching across a corner stay joined.
$ nimber value amazons 'X.#|#.O'
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 1
> left stop 1, right stop -1, birthday 2
> reduced canonical form +-1

$ nimber value amazons 'x..#/..#./#..o'
> {6|{*,{0,{1|0}|-1*}|-5}}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 7/4, temperature 17/4
> left stop 6, right stop 0, birthday 7
> reduced canonical form {6|{0|-5}}

$ nimber moves amazons 'x..' 'o.'
> 1: Left moving first wins; winning moves:
>   1:1,1-1,2/1,1  ->  #x. + o.
>   1:1,1-1,2/1,3  ->  .x# + o.
>   1:1,1-1,3/1,1  ->  #.x + o.

# --first: one winning move, the first the board search finds (amazons_board.c), with the
# outcome alone (no canonical form); none where the mover loses. A 3x4 board like the standard
# start: Right wins whoever starts. A sum falls back to the first of every winning move.
$ nimber moves amazons '.o.o/..../x..x' --first
> R: Left moving first loses; no winning move

$ nimber moves amazons '.o.o/..../x..x' --first --player right --json
> {"game":"amazons","position":".o.o/..../x..x","player":"right","outcome":"R","winner":"right","winning":[{"move":"1,4-3,2/2,1","to":".o../#.../xo.x"}]}

$ nimber moves amazons 'x..' 'o.' --first
> L: Left moving first wins; a winning move:
>   1:1,1-1,2/1,1  ->  #x. + o.

# In misère play the hook (normal play only) is left out: the first of every winning move.
$ nimber moves amazons x..o --first --misere
> N: Left moving first wins (misère play); a winning move:
>   1,1-1,2/1,1  ->  #x.o

$ nimber moves amazons 'x.' --all --first
! nimber: moves: --all and --first exclude each other (see 'nimber moves --help')
? 64

$ printf 'hint\n1,1-1,3/1,2\n' | nimber play amazons 'x..' --player left
> playing amazons from x... You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: x..  (Left to move)
> your move> winning moves:
>   1,1-1,2/1,1  ->  #x.
>   1,1-1,2/1,3  ->  .x#
>   1,1-1,3/1,2  ->  .#x
>   1,1-1,3/1,1  ->  #.x
> your move> you play 1,1-1,3/1,2  ->  .#x
> position: .#x  (Right to move)
> the engine has no move: you win

# Malformed boards: exit 64, naming the argument and the column; boards past 60 cells are
# refused naming the limit.
$ nimber value amazons 'x.z'
! nimber: argument 2: column 3: expected 'x', 'o', '.', '#', '/' or '|', found 'z'
? 64

$ nimber value amazons 'x./o'
! nimber: argument 2: column 5: row 2 is 1 long, row 1 is 2 (every row must be as long)
? 64

$ nimber value amazons ''
! nimber: argument 2: expected a board: rows of 'x' (Left's amazons), 'o' (Right's), '.' (empty) and '#' (burned) separated by '/' or '|', such as 'x..|#.o'
? 64

$ nimber value amazons '......../......../......../......../......../......../......../........'
! nimber: argument 2: board '......../......../......../......../......../......../......../....' (71 bytes in all) is too large (at most 16 rows, 16 columns and 60 cells)
? 64

$ nimber value amazons:5 'x.'
! nimber: game 'amazons:5': amazons takes no parameters: its positions are boards
? 64

# The board search (value --outcome on one board: src/games/amazons_board.c). Left's amazon
# reaches one empty cell and Right's none: the solo bounds give 0 <= G <= 1, and the search
# settles the rest (G is 1: L); the six cells past the burned one are a region without an amazon.
$ nimber value amazons ox.#...... --outcome
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# The standard 5x5 start with three arrows burned (four amazons each): N, in a fraction of a
# second (README, "The board search").
$ nimber value amazons .o#o./o#..o/..#../x...x/.x#x. --outcome
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)

# Past the work --memory allows the board search is refused, naming the limit (65): its memo, a
# quarter of the limit, replaces positions once full, and the search stops once it has replaced
# 64 times its slots; the canonical form tried next is out of reach too, and the search's
# message is the one given.
$ nimber value amazons xo.../...../...../...ox --outcome --memory 64K
! nimber: position too large for the Amazons board search (its memo of 1024 positions, as many as the memory limit of 64 KiB allows it, was refilled 64 times over without an answer; --memory SIZE raises it)
? 65

# The memo's least size is 1024 positions (16 KiB): within 32 KiB it is that (half the limit,
# not a quarter); a limit it does not fit in is refused as the memo is first made.
$ nimber value amazons xo.../...../...../...ox --outcome --memory 32K
! nimber: position too large for the Amazons board search (its memo of 1024 positions, as many as the memory limit of 32 KiB allows it, was refilled 64 times over without an answer; --memory SIZE raises it)
? 65

$ nimber value amazons xo.../...../...../...ox --outcome --memory 16K
! nimber: position too large for the Amazons board search (its tables would take more than the memory limit of 16 KiB; --memory SIZE raises it)
? 65
