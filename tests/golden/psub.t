# Golden tests of the partizan subtraction family psub:A/B and the Nim plus contest format.
# Format: see tests/golden/run.sh.

# --- nimber solve nimplus: the seed's samples ---------------------------------------------------
$ nimber solve nimplus
< 5 1
< 6
< 7
> Mao Mao nb!

$ nimber solve nimplus examples/nimplus.txt
> Long Long nb!

$ nimber solve nimplus -
< 20 4
< 10 3 7 3
< 7 2 6 2
> Long Long nb!

# The seed write-up says "Mao Mao nb!" here; the rules say otherwise: with A = B = {1, 10},
# Long Long removes 10 and Mao Mao has no move.
$ nimber solve nimplus
< 10 2
< 1 10
< 1 10
> Long Long nb!

$ nimber solve nimplus
< 2 1
< 1
< 1
> Mao Mao nb!

# Beyond the contest: n = 10^18 (psub:1/2 has outcomes P, L, N repeating from pile 0).
$ nimber solve nimplus
< 1000000000000000000 2
< 1 1
< 2 2
> Long Long nb!

$ nimber solve nimplus
< 1000000000000000000 3
< 3 7 10
< 2 6 7
> Mao Mao nb!

# --- nimber solve nimplus: bad input ------------------------------------------------------------
$ nimber solve nimplus
! nimber: <stdin>:1:1: expected the number of balls n, from 1 to 1000000000000000000, found end of input
? 65

$ nimber solve nimplus
< 0 1
< 1
< 1
! nimber: <stdin>:1:1: expected the number of balls n, from 1 to 1000000000000000000, found '0'
? 65

$ nimber solve nimplus
< 1000000000000000001 1
! nimber: <stdin>:1:1: expected the number of balls n, from 1 to 1000000000000000000, found '1000000000000000001'
? 65

$ nimber solve nimplus
< 5
! nimber: <stdin>:2:1: expected the number of amounts m, from 1 to 100000, found end of input (the input ends after n)
? 65

$ nimber solve nimplus
< 5 0
! nimber: <stdin>:1:3: expected the number of amounts m, from 1 to 100000, found '0'
? 65

$ nimber solve nimplus
< 5 100001
! nimber: <stdin>:1:3: expected the number of amounts m, from 1 to 100000, found '100001'
? 65

$ nimber solve nimplus
< 5 2
< 1
! nimber: <stdin>:3:1: expected an amount of Long Long's, from 1 to 1000000, found end of input (Long Long's 2 amounts are incomplete)
? 65

$ nimber solve nimplus
< 5 2
< 1 2
< 3
! nimber: <stdin>:4:1: expected an amount of Mao Mao's, from 1 to 1000000, found end of input (Mao Mao's 2 amounts are incomplete)
? 65

$ nimber solve nimplus
< 5 1
< x
< 1
! nimber: <stdin>:2:1: expected an amount of Long Long's, from 1 to 1000000, found 'x'
? 65

$ nimber solve nimplus
< 5 2
< 1 2
< 3 1000001
! nimber: <stdin>:3:3: expected an amount of Mao Mao's, from 1 to 1000000, found '1000001'
? 65

$ nimber solve nimplus
< 5 1
< -1
< 1
! nimber: <stdin>:2:1: expected an amount of Long Long's, from 1 to 1000000, found '-1'
? 65

$ nimber solve nimplus
< 5 1
< 1
< 1 2
! nimber: <stdin>:3:3: expected end of input, found '2'
? 65

# --- nimber value -------------------------------------------------------------------------------
$ nimber value psub:3,7,10/2,6,7 20
> {0|vv*}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 4
> atomic weight -1
> reduced canonical form 0

$ nimber value psub:10,7,3,3/7,2,6 20 --json
> {"game":"psub:3,7,10/2,6,7","position":"20","value":"{0|vv*}","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":4,"atomic_weight":"-1","reduced":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

$ nimber value nimplus:3,7,10/2,6,7 1000000000000000000 --json
> {"game":"psub:3,7,10/2,6,7","position":"1000000000000000000","outcome":"R","left_first":"right","right_first":"right","note":"game 'psub:3,7,10/2,6,7', pile 1000000000000000000: no period among the canonical values of piles 0 to 1023 (the value engine values at most 1024 piles, making at most 262144 options)"}

$ nimber value psub:6/7 5 --json
> {"game":"psub:6/7","position":"5","value":"0","outcome":"P","left_first":"right","right_first":"left","mean":"0","temperature":"-1","left_stop":"0","right_stop":"0","birthday":0,"atomic_weight":"0","reduced":"0","thermograph":{"left":[["0","-1"]],"right":[["0","-1"]]}}

# psub:1/2 repeats P, L, N from pile 0, and 2^63-1 = 1 (mod 3).
$ nimber value psub:1/2 9223372036854775807
> 1: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

$ nimber value psub:/1 4
> -4: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)

$ nimber value psub:1/1 1 --remoteness
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0
> remoteness: 1 with Left moving first, 1 with Right moving first

# --- nimber moves -------------------------------------------------------------------------------
$ nimber moves psub:3,7,10/2,6,7 20
> {0|vv*}: Left moving first wins; winning moves:
>   -3  ->  17
>   -10  ->  10

$ nimber moves psub:3,7,10/2,6,7 20 --player right
> {0|vv*}: Right moving first wins; winning moves:
>   -2  ->  18
>   -6  ->  14

$ nimber moves psub:3,7,10/2,6,7 20 --json
> {"game":"psub:3,7,10/2,6,7","position":"20","value":"{0|vv*}","player":"left","outcome":"N","winner":"left","winning":[{"move":"-3","to":"17"},{"move":"-10","to":"10"}]}

$ nimber moves psub:3,7,10/2,6,7 1 --player right --json
> {"game":"psub:3,7,10/2,6,7","position":"1","value":"0","player":"right","outcome":"P","winner":"left","winning":[]}

$ nimber moves psub:6/7 5
> 0: Left moving first loses; no winning move

# --- command-line errors ------------------------------------------------------------------------
# Sums of piles: the value of the whole sum, the sum of the piles' canonical values (outcome
# classes do not add); moves are checked on the sum, not on the moved pile alone.
$ nimber value psub:1/2 3 4
> 1: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

$ nimber value psub:1/2 3 + 4 --json
> {"game":"psub:1/2","position":"3 4","value":"1","outcome":"L","left_first":"left","right_first":"left","mean":"1","temperature":"-1","left_stop":"1","right_stop":"1","birthday":1,"reduced":"1","thermograph":{"left":[["1","-1"]],"right":[["1","-1"]]}}

$ nimber moves psub:1/2 3 4
> 1: Left moving first wins; winning moves:
>   1:-1  ->  2 4
>   2:-1  ->  3 3

$ nimber moves psub:3/2 5 2 --player right
> -1: Right moving first wins; winning moves:
>   1:-2  ->  3 2
>   2:-2  ->  5 0

$ nimber play psub:3/2 5 2 --player right --engine-first
< 2:-2
> playing psub:3/2 from 5 2. You are Right; the engine moves first.
> Type a move, or hint, moves, help, quit.
> position: 5 2  (Left to move)
> engine plays 1:-3  ->  2 2
> position: 2 2  (Right to move)
> your move> you play 2:-2  ->  2 0
> position: 2 0  (Left to move)
> the engine has no move: you win

# The sum's value is the sum of the piles' values (psub:1/2's values have the proven period 3,
# piles 100000 = 1 (mod 3) are worth 1), where the sum search alone would need 10^10 sums.
$ nimber value psub:1/2 100000 100000
> 2: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# Every play from this pile is longer than the search's positions limit: refused at once.
$ nimber value psub:1/1 4194304 --remoteness
> 0: P, the player to move loses (Left moving first: Right wins; Right moving first: Left wins)
! nimber: position too large for exhaustive search (more than 4194304 positions; --positions N raises it)
? 65

# A sum far longer than the old recursive search's 10,000 levels.
$ nimber value psub:1/1 30000 1 --remoteness
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 1
> atomic weight 0
> reduced canonical form 0
> remoteness: 30001 with Left moving first, 30001 with Right moving first

$ nimber value psub:1/2 -3
! nimber: argument 2: expected a pile (an integer from 0 to 2^63-1), found '-3'
? 64

$ nimber value psub:1/2 9223372036854775808
! nimber: argument 2: expected a pile (an integer from 0 to 2^63-1), found '9223372036854775808'
? 64

$ nimber value nimplus 3
! nimber: game 'nimplus': expected Left's amounts, '/', then Right's amounts, as in psub:3,7,10/2,6,7
? 64

$ nimber value psub:1/2/3 3
! nimber: game 'psub:1/2/3': expected Left's amounts, '/', then Right's amounts, as in psub:3,7,10/2,6,7
? 64

$ nimber value nimplus:0/2 3
! nimber: game 'nimplus:0/2': expected an amount (an integer from 1 to 4194304), found '0'
? 64

$ nimber value psub:0/2 3
! nimber: game 'psub:0/2': expected an amount (an integer from 1 to 4194304), found '0'
? 64

$ nimber value psub:1,,2/2 3
! nimber: game 'psub:1,,2/2': expected an amount (an integer from 1 to 4194304), found ''
? 64

$ nimber value psub:4194305/2 3
! nimber: game 'psub:4194305/2': expected an amount (an integer from 1 to 4194304), found '4194305'
? 64

$ nimber moves psub:3,7,10/2,6,7 20 --player up
! nimber: moves: --player expects 'left' or 'right', found 'up' (see 'nimber moves --help')
? 64

# The seed's other extra cases: an immediate win, and first moves that are all too large.
$ nimber solve nimplus
< 1 1
< 1
< 1
> Long Long nb!

$ nimber solve nimplus
< 3 2
< 5 6
< 1 2
> Mao Mao nb!
