# Golden tests of Red-Blue-Green Hackenbush (src/games/hackenbush.c): strings and trees of 'l'
# (blue, Left's), 'r' (red, Right's) and 'e' (green) edges from the ground up; values, moves,
# play, malformed trees.

# Blue-red strings by Berlekamp's sign expansion: lrr = 1/4, rl = -1/2 (Winning Ways, ch. 2).
$ nimber value hackenbush lrr rl
> -1/4: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)

# A green edge in a string: the search (no closed form).
$ nimber value hackenbush lrlerrr
> 3/4v[3]*: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 3/4, temperature 0
> left stop 3/4, right stop 3/4, birthday 7
> reduced canonical form 3/4

# The longest string, 60 edges, in capitals: 2 - 1/2 + 1/4 - 1/8 - ... by the closed form.
$ nimber value hackenbush 'LLRLRRLRLRRRLLRLRLLRLRRLLRLRLRRLRLLRLLRLRLRLLLRRLRLRLRLRLRLR'
> 455335481252222293/288230376151711744: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# Green trees by the colon principle: e(e,ee) is the string of 1 + (1 xor 2) edges.
$ nimber value hackenbush 'e(e,ee)' --json
> {"game":"hackenbush","position":"e(e,ee)","value":"*4","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":4,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

# Trees mixing colours: the search over the rules.
$ nimber value hackenbush 'lr(l,re)' 'e(l,r)'
> 1/2: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# Moves: the place of the letter cut, as printed; a bracket at the start branches at the ground.
$ nimber moves hackenbush 'lr(l,re)' 'rl'
> *: Left moving first wins; winning moves:
>   1:5  ->  lr(l,r) + rl

$ nimber moves hackenbush '(re,e,l)' 'l' --player right
> 1: Right moving first loses; no winning move

$ printf 'hint\n3\n1\n' | nimber play hackenbush 'lre' --player left
> playing hackenbush from lre. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: lre  (Left to move)
> your move> winning moves:
>   1  ->  0
>   3  ->  lr
> your move> you play 3  ->  lr
> position: lr  (Right to move)
> engine plays 2  ->  l
> position: l  (Left to move)
> your move> you play 1  ->  0
> position: 0  (Right to move)
> the engine has no move: you win

# Malformed trees: exit 64, naming the argument and the column.
$ nimber value hackenbush 'lxr'
! nimber: argument 2: column 2: expected 'l', 'r', 'e', '(', ',' or ')', found 'x'
? 64

$ nimber value hackenbush ''
! nimber: argument 2: expected a string or tree of 'l' (blue), 'r' (red) and 'e' (green) edges from the ground up, such as 'lrlerrr' or 'lr(l,re)'
? 64

$ nimber value hackenbush 'l(r,e'
! nimber: argument 2: column 2: '(' is not closed
? 64

$ nimber value hackenbush 'l(r,)'
! nimber: argument 2: column 5: expected an edge ('l', 'r' or 'e'), found ')'
? 64

$ nimber value hackenbush 'lr)'
! nimber: argument 2: column 3: ')' closes no '('
? 64

$ nimber value hackenbush 'l,r'
! nimber: argument 2: column 2: ',' outside parentheses
? 64

$ nimber value hackenbush 'l(r,e)l'
! nimber: argument 2: column 7: expected ',', ')' or the end after a ')' (branches end their string), found 'l'
? 64

$ nimber value hackenbush 'lllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllll'
! nimber: argument 2: column 61: too many edges (at most 60)
? 64

$ nimber value hackenbush '(l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,ll)'
! nimber: argument 2: the tree is too large: it needs 62 places of the 60 a position holds (2 an edge, less 1 an edge of its highest path: a string of 60 edges)
? 64

$ nimber value hackenbush:3 'l'
! nimber: game 'hackenbush:3': hackenbush takes no parameters: its positions are boards
? 64

# Made impartial, every edge is green: Green Hackenbush, by the colon principle:
# 'lr(l,re)' is *5 (2 and 1 above the second edge: *3, then *4, *5), 'lrl' *3.
$ nimber value impartial:hackenbush 'lr(l,re)' 'lrl'
> *6: the first player wins
