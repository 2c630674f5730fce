# Misère play (--misere): the player who cannot move wins. Impartial games are told by their
# genus (Conway): g^(g0 g1 ...); sums of tame components by the tame rule, others by search.
# Misère Nim (Bouton): all heaps 0 or 1, the player to move wins iff the heaps of 1 are even.
$ nimber value nim 1 1 1 --misere
> 1^031: the second player wins (misère play)
> genus of each component: 1^031 1^031 1^031

$ nimber value nim 1 1 --misere
> 0^120: the first player wins (misère play)
> genus of each component: 1^031 1^031

$ nimber value nim 2 2 --misere
> 0^02: the second player wins (misère play)
> genus of each component: 2^20 2^20

# Kayles: heap 5 is wild (4^146), so a sum with it is decided by the exhaustive search.
$ nimber value kayles 5 --misere
> 4^146: the first player wins (misère play)

$ nimber value kayles 4 5 --misere --remoteness
> P: the second player wins (misère play)
> genus of each component: 1^031 4^146
> remoteness: 7

$ nimber value kayles 5 6 --misere --json
> {"game":"oct:0.77","position":"5 6","play":"misere","value":"N","winner":"first","genus":["4^146","3^31"]}

$ nimber value nim 3 2 1 --misere --json
> {"game":"nim","position":"3 2 1","play":"misere","value":"0^02","winner":"second","genus":["3^31","2^20","1^031"]}

# Every family: division games, the tower.
$ nimber value twothree 7 12 --misere
> 1^031: the second player wins (misère play)
> genus of each component: 0^120 1^031

$ nimber value tower III + II. --misere
> 3^31: the first player wins (misère play)
> genus of each component: 2^20 1^031

# Winning moves: the moves after which the opponent, moving first, loses in misère play.
$ nimber moves nim 2 2 1 --misere
> 1^13: the first player wins (misère play); winning moves:
>   1-1  ->  2 2

$ nimber moves oct:0.07 10 --misere
> 3^1431: the first player wins (misère play); winning moves:
>   10-2  ->  8
>   10-2=1+7  ->  1 7
>   10-2=3+5  ->  3 5
>   10-2=4+4  ->  4 4

$ nimber moves kayles 5 6 --misere --json
> {"game":"oct:0.77","position":"5 6","play":"misere","value":"N","winner":"first","winning":[{"move":"5-2","to":"3 6"},{"move":"5-2=1+2","to":"1 2 6"},{"move":"6-2","to":"5 4"}]}

$ nimber moves nim 1 --misere
> 1^031: the second player wins (misère play); no winning move

# table --misere: each size's genus (Dawson's Kayles: 3^1431 at 10, 2^0520 at 12).
$ nimber table oct:0.07 --to 14 --misere
> 0  0^120
> 1  0^120
> 2  1^031
> 3  1^031
> 4  2^20
> 5  0^120
> 6  3^31
> 7  1^031
> 8  1^031
> 9  0^120
> 10  3^1431
> 11  3^31
> 12  2^0520
> 13  2^20
> 14  4^146

$ nimber table kayles --to 12 --misere --json
> {"game":"oct:0.77","from":0,"to":12,"values":["0^120","1^031","2^20","3^31","1^031","4^146","3^31","2^20","1^13","4^046","2^20","6^46","4^046"]}

$ nimber table kayles --from 8 --to 12 --misere --runs
> [8, 8]  1^13
> [9, 9]  4^046
> [10, 10]  2^20
> [11, 11]  6^46
> [12, 12]  4^046

# play --misere: the engine plays misère play; who cannot move wins.
$ nimber play nim 1 1 --misere
< 1-1
> playing nim from 1 1 in misère play; you move first.
> Type a move, or hint, moves, help, quit.
> position: 1 1
> your move> you play 1-1  ->  1
> position: 1
> engine plays 1-1  ->  0
> position: 0
> you have no move: you win (misère play)

$ nimber play nim 2 1 --misere
< hint
< 2-2
> playing nim from 2 1 in misère play; you move first.
> Type a move, or hint, moves, help, quit.
> position: 2 1
> your move> winning moves:
>   2-2  ->  1
> your move> you play 2-2  ->  1
> position: 1
> engine plays 1-1  ->  0
> position: 0
> you have no move: you win (misère play)

# Partizan games: the misère outcome class by exhaustive search.
$ nimber value domineering .. ... --misere
> L: Left wins whoever starts (misère play; Left moving first: Left wins; Right moving first: Left wins)

$ nimber value cg '{1|*}' --misere --json
> {"game":"cg","position":"{1|*}","play":"misere","outcome":"R","left_first":"right","right_first":"right"}

$ nimber moves cg '{1|*}' --misere --player right
> R: Right moving first wins (misère play); winning moves:
>   *  ->  *

$ nimber table psub:1,2/1,3 --to 6 --misere
> 0  N
> 1  P
> 2  N
> 3  L
> 4  N
> 5  L
> 6  L

$ nimber play domineering .. --misere --engine-first
> playing domineering from .. in misère play. You are Left; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: ..  (Right to move)
> engine plays h1,1  ->  ##
> position: ##  (Left to move)
> you have no move: you win (misère play)

# What --misere cannot honour is refused, exit 64, never answered in normal play.
$ nimber period kayles --misere
! nimber: 'oct:0.77' in misère play: no theorem here proves periods of genus sequences (a period engine proves periods of normal-play values)
? 64

$ nimber period tower --misere
! nimber: 'tower' in misère play: no theorem here proves periods of genus sequences (a period engine proves periods of normal-play values)
? 64

$ nimber plot kayles --to 10 --misere
! nimber: plot: --misere: a plot draws Grundy values of normal play; misère play has genera, which 'table --misere' lists (see 'nimber plot --help')
? 64

$ nimber games --misere
! nimber: games: unknown option '--misere' (see 'nimber games --help')
? 64

$ nimber value nim 1 --misere --misere
! nimber: value: option '--misere' given twice (see 'nimber value --help')
? 64


# --options lists the options of the normal-play canonical form: refused with --misere, never
# ignored.
$ nimber value cg '{1|*}' --misere --options
! nimber: value: --options lists the options of the canonical form, a normal-play value; it does not apply with --misere (see 'nimber value --help')
? 64

# A search refused at a limit names the option that raises it, in value and in moves alike
# (moves takes the same --positions, --sums and --moves-examined); the limits here are small so
# the refusals come at once.
$ nimber value oct:0.07 50 45 --misere --sums 10
! nimber: position too large for exhaustive search (more than 10 sums; --sums N raises it)
? 65

$ nimber moves oct:0.07 50 45 --misere --sums 10
! nimber: position too large for exhaustive search (more than 10 sums; --sums N raises it)
? 65

$ nimber moves dawson 20 21 --misere --moves-examined 100
! nimber: position too large for exhaustive search (more than 100 moves examined; --moves-examined N raises it)
? 65

$ nimber value kayles 12 --misere --positions 3
> P: the second player wins (misère play)
> decided by the misère quotient of the heaps up to 12 (order 24); no genus: position too large for exhaustive search (more than 3 positions; --positions N raises it)

$ nimber moves domineering ..../..../.... --misere --sums 2
! nimber: position too large for the outcome search (more than 2 sums; --sums N raises it, within --memory)
? 65
