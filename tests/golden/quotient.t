# nimber quotient GAME --heaps N: the misère quotient (Plambeck and Siegel) of a heap game's sums
# of heaps up to N, proved (src/heap/heapquot.c), and every refusal.

$ nimber quotient nim --heaps 1
> nim: misère quotient of the heaps up to 1
> order: 2
> generators: a (heap 1)
> relations: a^2 = 1
> P-portion: a
> pretending (heaps 0 to 1): 1, a
> proof: the misère rule holds at every sum of these heaps (pairs checked: 3)
> every heap: not proven (no periodicity theorem: a move may remove any number of tokens, so no finite window bounds a heap's options)

$ nimber quotient nim --heaps 3
> nim: misère quotient of the heaps up to 3
> order: 6
> generators: a (heap 1), b (heap 2)
> relations: a^2 = 1, b^3 = b
> P-portion: a, b^2
> pretending (heaps 0 to 3): 1, a, b, a b
> proof: the misère rule holds at every sum of these heaps (pairs checked: 9)
> every heap: not proven (no periodicity theorem: a move may remove any number of tokens, so no finite window bounds a heap's options)

$ nimber quotient oct:0.75 --heaps 6
> oct:0.75: misère quotient of the heaps up to 6
> order: 8
> generators: a (heap 1), b (heap 2), c (heap 5)
> relations: a^2 = 1, b c = a b, c^2 = b^2, b^3 = b
> P-portion: a, b^2
> pretending (heaps 0 to 6): 1, a, b, a, b, c, b
> proof: the misère rule holds at every sum of these heaps (pairs checked: 15)
> every heap: not proven by heap 6 (no period p from a heap s with W(s, p) - 1 <= 6: theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k))

$ nimber quotient kayles --heaps 9 --json
> {"game":"oct:0.77","heaps":9,"order":18,"generators":["a","b","c","d"],"relations":[["a^2","1"],["b d","b c"],["c d","b^2"],["b^3","b"],["b c^2","b"],["c^3","c"],["d^3","d"]],"p_portion":["a","d","a c","b^2","a c^2","a d^2"],"pretending":["1","a","b","a b","a","c","a b","b","a b^2","d"],"stable":false,"proved_to":9}

$ nimber quotient dawson --heaps 5
> oct:0.137: misère quotient of the heaps up to 5
> order: 6
> generators: a (heap 1), b (heap 3)
> relations: a^2 = 1, b^3 = b
> P-portion: a, b^2
> pretending (heaps 0 to 5): 1, a, a, b, 1, a b
> proof: the misère rule holds at every sum of these heaps (pairs checked: 9)
> every heap: not proven by heap 5 (no period p from a heap s with W(s, p) - 1 <= 5: theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k))

$ nimber quotient grundy --heaps 8 --json
> {"game":"grundy","heaps":8,"order":6,"generators":["a","b"],"relations":[["a^2","1"],["b^3","b"]],"p_portion":["a","b^2"],"pretending":["1","1","1","a","1","b","a","1","b"],"stable":false,"proved_to":8}

$ nimber quotient sub:5 --heaps 3
> sub:5: misère quotient of the heaps up to 3
> order: 1
> generators: none
> relations: none
> P-portion: none
> pretending (heaps 0 to 3): 1, 1, 1, 1
> proof: the misère rule holds at every sum of these heaps (pairs checked: 1)
> every heap: not proven by heap 3 (no period p from a heap s with W(s, p) - 1 <= 3: theorem M1 (misère quotients of subtraction games, W = s + p + k, k = max S))

$ nimber quotient
! nimber: quotient: expected one GAME (and --heaps N) (see 'nimber quotient --help')
? 64

$ nimber quotient nim
! nimber: quotient: --heaps N is required (the largest heap) (see 'nimber quotient --help')
? 64

$ nimber quotient nim --heaps 0
! nimber: quotient: --heaps: '0' is not a heap size from 1 to 200 (see 'nimber quotient --help')
? 64

$ nimber quotient nim --heaps 201
! nimber: quotient: --heaps: '201' is not a heap size from 1 to 200 (see 'nimber quotient --help')
? 64

$ nimber quotient nim --heaps x1
! nimber: quotient: --heaps: 'x1' is not a heap size from 1 to 200 (see 'nimber quotient --help')
? 64

$ nimber quotient nim --heaps -3
! nimber: quotient: --heaps: '-3' is not a heap size from 1 to 200 (see 'nimber quotient --help')
? 64

$ nimber quotient nim --heaps 99999999999999999999999
! nimber: quotient: --heaps: '99999999999999999999999' is not a heap size from 1 to 200 (see 'nimber quotient --help')
? 64

$ nimber quotient nosuch --heaps 3
! nimber: unknown game 'nosuch' (see 'nimber games')
? 64

$ nimber quotient domineering --heaps 3
! nimber: quotient: domineering is partizan; misère quotients are of impartial heap games (nim, sub, oct, hex or grundy) (see 'nimber quotient --help')
? 64

$ nimber quotient cg --heaps 3
! nimber: quotient: cg is partizan; misère quotients are of impartial heap games (nim, sub, oct, hex or grundy) (see 'nimber quotient --help')
? 64

$ nimber quotient div:2,3 --heaps 3
! nimber: quotient: div:2,3 has no heaps; misère quotients are of heap games (nim, sub, oct, hex or grundy) (see 'nimber quotient --help')
? 64

$ nimber quotient nim 3 --heaps 3
! nimber: quotient: expected one GAME (and --heaps N) (see 'nimber quotient --help')
? 64

$ nimber quotient oct:0.8 --heaps 3
! nimber: game 'oct:0.8': '8' (character 3 of '0.8') is not an octal digit 0-7
? 64

$ nimber quotient oct:0.07 --heaps 12 --sums 10
! nimber: misère quotient: its proof passes 10 pairs (--sums) at heap 10 (the quotient of heaps up to 9 has order 6)
? 65

$ nimber quotient nim --heaps 3 --memory 0
! nimber: quotient: --memory expects a size in bytes, such as 1073741824, 512M or 2G (K, M, G, T: powers of 1024), found '0' (see 'nimber quotient --help')
? 64

$ nimber quotient nim --heaps 3 --positions x
! nimber: quotient: --positions expects a count, such as 1000000 or 4M (K, M, G, T: powers of 1024), found 'x' (see 'nimber quotient --help')
? 64

# heap 18 of oct:0.005 splits the quotient in a way no algebraic trial finds (MisereSolver is
# stuck there too), so the outcome search runs, within its limits
$ nimber quotient oct:0.005 --heaps 18 --positions 100
! nimber: misère quotient: more than 100 positions to remember (--positions) at heap 18 (the quotient of heaps up to 17 has order 18)
? 65

# the algebraic trials count their moves too, and stop at half the limit
$ nimber quotient oct:0.005 --heaps 18 --moves-examined 1000
! nimber: misère quotient: more than 1000 moves to examine (--moves-examined) at heap 17 (the quotient of heaps up to 16 has order 10)
? 65

# heap 25 of Dawson's Kayles splits the quotient of order 24 into one of 144 (MisereSolver's
# order): found by recalibrating the trial, no outcome search
$ nimber quotient oct:0.07 --heaps 25 --positions 100 --json
> {"game":"oct:0.07","heaps":25,"order":144,"generators":["a","b","c","d","e","f","g","h"],"relations":[["a^2","1"],["b g","b c"],["c f","a c"],["c g","c^2"],["d^2","1"],["e^2","b^2"],["f^2","1"],["g^2","c^2"],["a c e","b^3"],["b^2 c","c e"],["b^2 e","b^2"],["b^2 f","a b^2"],["b c e","a b^2"],["c^3","c"],["c^2 e","b^2"],["e h^2","h^2"],["f h^2","a h^2"],["g h^2","c h^2"],["h^3","h^2"],["a b^3","c e"],["a b^2 h","b c h"],["a b c h","b^2 h"],["a b h^2","c h^2"],["b^4","b^2"],["a c h^2","b h^2"],["b^2 h^2","h^2"],["b c^2 h","b^3 h"],["b c h^2","a h^2"],["c^2 h^2","h^2"]],"p_portion":["a","a c","a d","e","f","a g","b^2","a b h","a c^2","a c d","d f","a d g","e h","a e f","f g","h^2","b f h","a c^2 d","c e h","d f g","b d e h","b e f h","a e f g h"],"pretending":["1","1","a","a","b","1","a b","a","a","1","c","a b","a c","b","d","1","a d","a c","b","c","a b","e","f","a e","g","h"],"stable":false,"proved_to":25}

# a trial whose proof passes --sums is dropped, not refused: the outcome search takes over, and
# here it is its --positions that refuses (the trials' limits are honoured exactly: heapquot.c)
$ nimber quotient oct:0.07 --heaps 25 --sums 60 --positions 100
! nimber: misère quotient: more than 100 positions to remember (--positions) at heap 23 (the quotient of heaps up to 22 has order 24)
? 65

$ nimber quotient oct:0.07 --heaps 12 --memory 4K
! nimber: misère quotient: tables would pass the memory limit (4096 bytes; --memory) at heap 1
? 65

$ nimber quotient nim --heaps 3 --misere
! nimber: quotient: unknown option '--misere' (see 'nimber quotient --help')
? 64


# value --misere: a sum of small heaps that the genus does not decide, from the quotient (the
# sum search took over 30 s on 20 Kayles heaps of at most 9: bench/quotient.sh)
$ nimber value kayles 5 6 7 8 9 5 6 7 8 9 3 4 5 6 7 8 9 9 8 7 --misere --json
> {"game":"oct:0.77","position":"5 6 7 8 9 5 6 7 8 9 3 4 5 6 7 8 9 9 8 7","play":"misere","value":"N","winner":"first","genus":["4^146","3^31","2^20","1^13","4^046","4^146","3^31","2^20","1^13","4^046","3^31","1^031","4^146","3^31","2^20","1^13","4^046","4^046","1^13","2^20"]}

$ nimber value oct:0.75 5 2 2 2 4 4 1 3 3 5 5 --misere
> N: the first player wins (misère play)
> genus of each component: 1^431 2^20 2^20 2^20 2^20 2^20 1^031 1^031 1^031 1^431 1^431

# Past heap 26 Kayles' quotient gains generators at 25 and 27 (MisereSolver: |Q| = 40, |P| = 9
# from heap 27 on); the candidates come from the quotient before, each proved.
$ nimber quotient kayles --heaps 40
> oct:0.77: misère quotient of the heaps up to 40
> order: 40
> generators: a (heap 1), b (heap 2), c (heap 5), d (heap 9), e (heap 12), f (heap 25), g (heap 27)
> relations: a^2 = 1, b d = b c, b e = b c, b f = a b, c d = b^2, c e = b^2, d g = c g, e^2 = d e, e g = c g, f^2 = b^2, f g = a g, g^2 = b^2, a c f = b^2 c, b^3 = b, b^2 g = g, b c^2 = b, c^3 = c, c^2 f = a b^2, c^2 g = g, d^3 = d, d^2 f = f, a b^2 c = c f
> P-portion: a, d, e, a d e, a c, b^2, a c^2, a d^2, a d f
> pretending (heaps 0 to 40): 1, a, b, a b, a, c, a b, b, a b^2, d, b, b c, e, a b^2, b, a b c, a b^2, d^2 e, a b, b, a d e, b^2 c, b c, a b c, b^2 c, f, b, g, c f, b^2 c, a b c, b, a b^2, g, b c, a b c, b^2 c, a b^2, b, a b, a b^2
> proof: the misère rule holds at every sum of these heaps (pairs checked: 130)
> every heap: not proven by heap 40 (no period p from a heap s with W(s, p) - 1 <= 40: theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k))

# A misère sum with a heap past 20: the quotient decides it (no genus of those heaps: seconds each).
$ nimber value kayles 50 49 47 45 44 43 41 40 38 37 35 33 31 30 29 27 26 23 21 20 --misere
> N: the first player wins (misère play)
> genus of each component: ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? 1^031
> decided by the misère quotient of the heaps up to 50 (order 40); no genus past heap 20

$ nimber value kayles 30 22 --misere --json
> {"game":"oct:0.77","position":"30 22","play":"misere","value":"N","winner":"first","genus":[null,null]}

# A component whose genus the misère search refused, the sum decided by the quotient.
$ nimber value kayles 19 18 --misere --moves-examined 2000
> N: the first player wins (misère play)
> genus of each component: ? ?
> decided by the misère quotient of the heaps up to 19 (order 24); no genus: position too large for the misère search (more than 2000 moves examined; --moves-examined N raises it)

# A wild quotient that passes its limits (0.07 is refused near heap 31): the big heap's genus is
# not searched (6 s of CPU at 50), the sum search decides within --moves-examined, or refuses
# naming it; both within a second here (before: over 100 s with the default limits).
$ nimber value oct:0.07 50 3 --misere --moves-examined 1000000
> N: the first player wins (misère play)
> genus of each component: ? 1^031
> decided by the search; no genus: genus not computed: a heap past 20 tokens, and the misère quotient passed its limits
~ slow

$ nimber value oct:0.07 50 45 --misere --moves-examined 1000000
! nimber: position too large for exhaustive search (more than 1000000 moves examined; --moves-examined N raises it)
? 65
~ slow

# Winning moves by the quotient: a move wins iff the sum it leaves is in the P-portion.
$ nimber moves kayles 30 22 --misere
> N: the first player wins (misère play); winning moves:
>   30-2=7+21  ->  7 21 22
>   30-2=9+19  ->  9 19 22
>   30-2=13+15  ->  13 15 22
>   22-2=3+17  ->  30 3 17

$ nimber moves kayles 30 22 --misere --json
> {"game":"oct:0.77","position":"30 22","play":"misere","value":"N","winner":"first","winning":[{"move":"30-2=7+21","to":"7 21 22"},{"move":"30-2=9+19","to":"9 19 22"},{"move":"30-2=13+15","to":"13 15 22"},{"move":"22-2=3+17","to":"30 3 17"}]}

# Theorem M (src/heap/heapquot.c): once the pretending function is periodic over the window
# W(s, p) of heapperiod.c's theorem for the code (here T3's: W = 2s' + 2p + k), the quotient is
# that of every heap size; the bounds past it are filled in by the period, unchecked. 0.75: from
# heap 8 with period 2, first proven at heap 21 (W = 16 + 4 + 2 = 22), not at 20.
$ nimber quotient oct:0.75 --heaps 21
> oct:0.75: misère quotient of the heaps up to 21
> order: 8
> generators: a (heap 1), b (heap 2), c (heap 5)
> relations: a^2 = 1, b c = a b, c^2 = b^2, b^3 = b
> P-portion: a, b^2
> pretending (heaps 0 to 21): 1, a, b, a, b, c, b, c, b, a b^2, b, a b^2, b, a b^2, b, a b^2, b, a b^2, b, a b^2, b, a b^2
> proof: the misère rule holds at every sum of these heaps (pairs checked: 15)
> every heap: this is the quotient of the whole game; pretending periodic from heap 8 with period 2: checked for every n in [8, 21]; phi(n + p) = phi(n) there, hence for every n >= 8 and every bound by theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k) (src/heap/heapquot.c)

$ nimber quotient oct:0.75 --heaps 20 --json
> {"game":"oct:0.75","heaps":20,"order":8,"generators":["a","b","c"],"relations":[["a^2","1"],["b c","a b"],["c^2","b^2"],["b^3","b"]],"p_portion":["a","b^2"],"pretending":["1","a","b","a","b","c","b","c","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b"],"stable":false,"proved_to":20}

$ nimber quotient oct:0.75 --heaps 60 --json
> {"game":"oct:0.75","heaps":60,"order":8,"generators":["a","b","c"],"relations":[["a^2","1"],["b c","a b"],["c^2","b^2"],["b^3","b"]],"p_portion":["a","b^2"],"pretending":["1","a","b","a","b","c","b","c","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b","a b^2","b"],"stable":true,"preperiod":8,"period":2,"checked_to":21,"theorem":"theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k)","proved_to":21}

# Kayles: order 40 from heap 27 (MisereSolver's), pretending function periodic from heap 71 with
# period 12 (as its normal-play values: OEIS A002186), proven at heap 167 = W(71, 12) - 1, not at
# 166; then heaps 168 to 200 by the theorem
$ nimber quotient kayles --heaps 200 | tail -2
> proof: the misère rule holds at every sum of heaps up to 167 (pairs checked: 130); heaps 168 to 200 by the theorem below
> every heap: this is the quotient of the whole game; pretending periodic from heap 71 with period 12: checked for every n in [71, 167]; phi(n + p) = phi(n) there, hence for every n >= 71 and every bound by theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k) (src/heap/heapquot.c)
~ slow

$ nimber quotient kayles --heaps 166 | tail -1
> every heap: not proven by heap 166 (no period p from a heap s with W(s, p) - 1 <= 166: theorem M3 (misère quotients of codes with two-heap splits, W = 2s' + 2p + k))
~ slow

# value --misere of sums with heaps of any size, from the quotient of the whole game (each heap's
# element by the period); test_quotient checks such sums against a plain misère search
$ nimber value kayles 1000 2000 3001 45 --misere
> N: the first player wins (misère play)
> genus of each component: ? ? ? ?
> decided by the misère quotient of every heap size (order 40; proved to heap 167, and past it by theorem M of heapquot.c: pretending period 12 from heap 71); no genus past heap 20
~ slow

# one heap past QUOTIENT_HEAPS (100) too, where the misère search of its genus took seconds (40
# tokens of 0.75) or was refused (10^6 of Kayles); up to 100 one heap keeps its genus
$ nimber value oct:0.75 1000001 --misere
> N: the first player wins (misère play)
> decided by the misère quotient of every heap size (order 8; proved to heap 21, and past it by theorem M of heapquot.c: pretending period 2 from heap 8); no genus past heap 100

$ nimber value kayles 1000000 --misere --json
> {"game":"oct:0.77","position":"1000000","play":"misere","value":"N","winner":"first","genus":[null]}
~ slow

$ nimber value oct:0.75 1000001 2000 3001 45 --misere --json
> {"game":"oct:0.75","position":"1000001 2000 3001 45","play":"misere","value":"N","winner":"first","genus":[null,null,null,null]}

$ nimber value oct:0.75 1000001 2000 3001 45 --misere
> N: the first player wins (misère play)
> genus of each component: ? ? ? ?
> decided by the misère quotient of every heap size (order 8; proved to heap 21, and past it by theorem M of heapquot.c: pretending period 2 from heap 8); no genus past heap 20
