# Golden tests of Cram (src/games/cram.c): Grundy values, moves, play, and malformed boards.
# A board is rows separated by '/': '.' empty, '#' filled. Either player places a domino either
# way; moves are named as Domineering's: v (vertical) or h (horizontal), then the first cell.

# A row of cells is Dawson's Kayles (oct:0.07): 1 x 5 is 0, 1 x 6 is *3.
$ nimber value cram '.....'
> 0: the second player wins

$ nimber value cram '......' --json
> {"game":"cram","position":"......","grundy":3,"winner":"first"}

$ nimber value oct:0.07 5 6
> *3: the first player wins

$ nimber value cram '..../..../..../....' '....../......' '......./.......'
> *1: the first player wins

# Even by even boards are second-player wins (mirror through the centre); even by odd ones
# first-player wins (the centre domino, then mirror).
$ nimber value cram '..../..../..../....'
> 0: the second player wins

$ nimber value cram '..../..../....'
> *1: the first player wins

$ nimber value cram '...../...../...../.....'
> *2: the first player wins

# A board and its transpose, or its mirror image, are the same game; filled cells split regions.
$ nimber value cram '..#/.../...'
> *2: the first player wins

$ nimber value cram '#../.../...' '.../.../..#' '.../.../#..'
> *2: the first player wins

# A move leaves the regions of the board, each cropped and turned to its normal form.
$ nimber moves cram '...../#.#.#' '......'
> *3: the first player wins; winning moves:
>   2:h1,3  ->  ...../#.#.# + ..##..

$ nimber moves cram '....' '..' --json
> {"game":"cram","position":".... + ..","grundy":3,"winner":"first","winning":[{"move":"1:h1,1","to":"##.. + .."},{"move":"1:h1,3","to":"..## + .."}]}

$ printf 'hint\nh1,1\n' | nimber play cram '.....'
> playing cram from .....; you move first.
> Type a move, or hint, moves, help, quit.
> position: .....
> your move> no winning move: against perfect play you lose
> your move> you play h1,1  ->  ##...
> position: ##...
> engine plays h1,4  ->  ##.##
> position: ##.##
> you have no move: the engine wins

# Malformed boards: exit 64, naming the argument and the column.
$ nimber value cram '..x'
! nimber: argument 2: column 3: expected '.', '#' or '/', found 'x'
? 64

$ nimber value cram ''
! nimber: argument 2: expected a board: rows of '.' (empty) and '#' (filled) separated by '/', such as '..#/.../...'
? 64

$ nimber value cram '.../..'
! nimber: argument 2: column 7: row 2 is 2 long, row 1 is 3 (every row must be as long)
? 64

$ nimber value cram '.................'
! nimber: argument 2: board '.................' is too large (at most 16 rows, 16 columns and 120 cells)
? 64

$ nimber value cram:3x4 '...'
! nimber: game 'cram:3x4': cram takes no parameters: its positions are boards
? 64
