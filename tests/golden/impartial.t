# Golden tests of impartial:GAME (src/games/impartial.c): a partizan game in which both players
# have every move of either player; positions are GAME's, values are Grundy values.

# impartial:domineering is Cram.
$ nimber value impartial:domineering '..../..../....'
> *1: the first player wins

$ nimber value cram '..../..../....'
> *1: the first player wins

$ nimber value impartial:domineering '..#/.../...' '....' --json
> {"game":"impartial:domineering","position":"..#/.../... + ....","grundy":0,"winner":"second"}

# Moves are GAME's, after 'L' for Left's and 'R' for Right's.
$ nimber moves impartial:domineering '...' './.'
> 0: the second player wins; no winning move

$ nimber moves impartial:toppling 'lrel'
> *4: the first player wins; winning moves:
>   L1r  ->  0
>   L4l  ->  0

$ nimber value impartial:snort '...' 'l'
> 0: the second player wins

$ nimber value impartial:psub:1/2 5 7
> *3: the first player wins

$ printf 'Rh1,1\n' | nimber play impartial:domineering '...'
> playing impartial:domineering from ...; you move first.
> Type a move, or hint, moves, help, quit.
> position: ...
> your move> you play Rh1,1  ->  ##.
> position: ##.
> the engine has no move: you win

# Errors: GAME must be a partizan game; positions are refused as GAME refuses them.
$ nimber value impartial '..'
! nimber: game 'impartial': impartial takes a partizan game: impartial:GAME, such as impartial:domineering
? 64

$ nimber value impartial:cram '..'
! nimber: game 'impartial:cram': impartial:GAME takes a partizan game; 'cram' is impartial
? 64

$ nimber value impartial:nosuch '..'
! nimber: game 'impartial:nosuch': unknown game 'nosuch' (see 'nimber games')
? 64

$ nimber value impartial:nogo 'xo'
! nimber: argument 2: column 1: the black ('x') group there has no liberty (no play of NoGo leaves one)
? 64

# Clobber made impartial: 'xo' has two moves, each leaving one stone (0): *1; in 'xxo' one move
# leaves 'xx' (0) and the other 'xo' (*1): *2. Clobber's moves may leave up to 128 parts.
$ nimber value impartial:clobber xo
> *1: the first player wins

$ nimber value impartial:clobber xxo
> *2: the first player wins

# moves --first on a game without the hook winning_move: the first of every winning move (5 6 7
# has three), the outcome alone; none where the mover loses.
$ nimber moves nim 5 6 7 --first
> *4: the first player wins; a winning move:
>   5-4  ->  1 6 7

$ nimber moves nim 5 6 7 --first --json
> {"game":"nim","position":"5 6 7","grundy":4,"winner":"first","winning":[{"move":"5-4","to":"1 6 7"}]}

$ nimber moves nim 1 1 --first
> 0: the second player wins; no winning move
