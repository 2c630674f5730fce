# Bounded work: searches that can prove nothing stop as soon as that is known, and say why.

# No ratio above floor(2^64 / 7) can be proven for div:2,5,7 (its start T >= Q needs the window
# [T, 7T) inside the heaps known, all of 1 to 2^64-1): the search stops there (it used to try
# every element of the monoid up to 2^64-1).
$ nimber period div:2,5,7 --max 18446744073709551615
! nimber: no multiplicative period could be proven: every ratio up to 2635249153387078802 was tried, and no larger one can be (heaps are known up to 18446744073709551615, and a ratio Q needs them up to T*7 - 1 for a start T >= Q)
? 65

# A bound below the largest provable ratio is the user's: the message says that bound.
$ nimber period div:2,5,7 --max 1000000
! nimber: no multiplicative period with ratio up to 1000000 could be proven (heaps are known up to 18446744073709551615)
? 65

# The largest provable ratio itself: div:2 has Q = 4 and T = 4, and 4 <= floor(2^64 / 2).
$ nimber period div:2 --max 18446744073709551615
> div:2: g(x) = g(floor(x/4)) for every x >= 4
> proof: checked for every x in [4, 7]; every x beyond has all its options at or above 4 (theorem in src/games/division.c)
> one period, [4, 15]:
> [4, 7]  0
> [8, 15]  *1

# psub --max N: a period with preperiod plus period within N piles shows by pile N + k + 552
# (theorem in src/games/psub.c), so the search stops there (it used to run the whole preperiod
# of 49,970,004 piles, then refuse).
$ nimber period psub:4999,5000/4998,5000 --max 1000
! nimber: no period found within 1000 piles (none by pile 6655, where one within them would have shown: theorem in src/games/psub.c)
? 65

# The defect's own cases, seconds each (make check-long only).
# 16 divisors, no ratio bound: 82 s of ratios no proof could reach before; now the run table's
# construction (about 1.4 s) and the search up to the largest provable ratio.
$ nimber period div:2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,101 --max 18446744073709551615
~ long
! nimber: no multiplicative period could be proven: every ratio up to 4211796121 was tried, and no larger one can be (heaps are known up to 425391408220, and a ratio Q needs them up to T*101 - 1 for a start T >= Q)
? 65

# Nim plus, m = 10^5: Long Long's odd amounts up to 2*10^5 and 999999, Mao Mao's even amounts up
# to 2*10^5. It ran 30 minutes; now the period engine spends its work limit (2^31 word
# operations, 2-3 s) and refuses, naming it.
$ { echo 1000000000000000000 100000; echo $(seq 1 2 199997) 999999; echo $(seq 2 2 200000); } | nimber solve nimplus
~ long
! nimber: game 'psub:1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,4...' (1288899 bytes in all): no period among piles 0 to 2755583 (the period engine's work limit: 2147483648 word operations, about 779 a pile here), so pile 1000000000000000000 cannot be evaluated
? 65

# The same with Mao Mao's largest amount 999998 instead of 200000: the period (preperiod
# 1,999,994, period 1) is proven within the limits, in about a second. Checked by a plain DP
# from the rules (no bitsets, no period) over piles 0 to 2,000,199: pile 1,999,993 is N, every
# pile from 1,999,994 on is L, so Long Long (Left, moving first) wins.
$ { echo 1000000000000000000 100000; echo $(seq 1 2 199997) 999999; echo $(seq 2 2 199998) 999998; } | nimber solve nimplus
~ slow
> Long Long nb!

# Work, not only memory (issue 11, defect 6, found later): *65536 has 2^17 positions, within the
# positions limit, but 2^32 moves among them (*k has k options, each its own options); it ran for
# minutes. The searches examine at most 2^27 moves a call: refused in about 3 s. The value,
# which is known without the search, is printed before the refusal (issue 18: it printed
# nothing); so in every refusal of --remoteness below.
$ nimber value cg '*65536' --remoteness
> *65536: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 65536
> atomic weight 0
> reduced canonical form 0
~ long
! nimber: position too large for exhaustive search (more than 134217728 moves examined; --moves-examined N raises it)
? 65

# The same limit, lowered with --moves-examined so that make test reaches it in a moment.
$ nimber value cg '*4096' --remoteness --moves-examined 1M
> *4096: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 4096
> atomic weight 0
> reduced canonical form 0
! nimber: position too large for exhaustive search (more than 1048576 moves examined; --moves-examined N raises it)
? 65

# Memory of a list of moves (issue 11): the winning moves of a heap of 2^24 in nim, the most a
# list may hold. They took 788 MB (the whole list, 40 bytes a move, flags and the family's
# scratch beside it); the winning moves are now found a component at a time, in the family's
# scratch alone (24 bytes a move: 397 MB), so they fit in 500 MB of address space.
$ (ulimit -v 500000; nimber moves nim 16777216)
~ slow
> *16777216: the first player wins; winning moves:
>   16777216-16777216  ->  0

# A play of psub:1/2 from 2^23 lasts at least 5,592,405 moves (the players alternate: Left
# removes at most 1, Right at most 2): more positions than the component search may memoise,
# refused before any work, in 200 MB of address space (the bound 4,194,303 that counted 2 tokens
# a move let the search fill its 2^22 positions first: 2 s and 838 MB).
$ (ulimit -v 200000; nimber value psub:1/2 8388608 --remoteness)
> {1|0}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> mean 1/2, temperature 1/2
> left stop 1, right stop 0, birthday 2
> reduced canonical form {1|0}
~ slow
! nimber: position too large for exhaustive search (more than 4194304 positions; --positions N raises it)
? 65

# --runs in a game that proves no runs (issue 11): Grundy's game has no period theorem, so each
# of its sizes is valued one by one; it valued 10^8 of them (about 200 s) before refusing.
# Now refused before any work, like nim, whose runs are all one size long.
$ nimber table grundy --to 200000000 --runs
! nimber: table: 'grundy' proves no runs, so its sizes are valued one by one, and the sizes 0 to 200000000 are more than the 100,000,000 a command values; narrow --from/--to (see 'nimber table --help')
? 64

$ nimber table nim --from 5 --to 100000005 --runs --json
! nimber: table: 'nim' proves no runs, so its sizes are valued one by one, and the sizes 5 to 100000005 are more than the 100,000,000 a command values; narrow --from/--to (see 'nimber table --help')
? 64

# Memory, in bytes (issue 21): the searches' counts bounded sums, not their size, and a sum of
# 200 heaps is a key of 3,200 bytes: 200 heaps of 2^64-1 in twothree with --remoteness took 3.3
# GB (an allocation of 4 GiB of keys at the end) before the sums limit refused them, and 20,000
# heaps were killed by the kernel after 105 s. Every search now grows its tables within
# --memory (2 GiB by default). The 200 heaps fill it (1.7 GB, seconds) and are refused by it;
# under 3 GB of address space the old search failed its last allocation instead (exit 70).
$ (ulimit -v 3000000; nimber value twothree $(printf '18446744073709551615 %.0s' $(seq 200)) --remoteness)
> 0: the second player wins
~ long
! nimber: position too large for exhaustive search (its tables would take more than the memory limit of 2 GiB; --memory SIZE raises it)
? 65

# 20,000 heaps: a play of div:2,3 from 2^64-1 lasts at least 40 moves (division.c, min_length),
# so the search's first play alone holds 8 * 10^9 components in its keys (sumsearch.c,
# plays_fit): refused before any work, in 200 MB of address space.
$ (ulimit -v 200000; nimber value twothree $(printf '18446744073709551615 %.0s' $(seq 20000)) --remoteness)
> 0: the second player wins
~ slow
! nimber: position too large for exhaustive search (its tables would take more than the memory limit of 2 GiB; --memory SIZE raises it)
? 65

# --memory sets the bound: 256M refuses the 200 heaps in about a second, at 256 MiB (the case
# make test runs; the 2 GiB one above is left to make check-long). (The cases under ulimit are
# slow ones: AddressSanitizer cannot start under it.) 360,000 KiB of address space: the arrays
# grow by moving their pages, never held twice (src/core/memory.c); when the huge-page advice
# split their mappings (base/error.c), each doubling copied and this ran out of memory (exit 70).
$ (ulimit -v 360000; nimber value twothree $(printf '18446744073709551615 %.0s' $(seq 200)) --remoteness --memory 256M)
> 0: the second player wins
~ slow
! nimber: position too large for exhaustive search (its tables would take more than the memory limit of 256 MiB; --memory SIZE raises it)
? 65

# The same under 32 MiB, a quick case that the sanitizer run makes too.
$ nimber value twothree $(printf '18446744073709551615 %.0s' $(seq 200)) --remoteness --memory 32M
> 0: the second player wins
! nimber: position too large for exhaustive search (its tables would take more than the memory limit of 32 MiB; --memory SIZE raises it)
? 65

# A sum that fits by default (its search takes about 8 MB) is refused under a smaller bound,
# and answered under one large enough; sizes are bytes or K, M, G, T (powers of 1024).
$ nimber value kayles 12 13 14 --remoteness
~ slow
> *7: the first player wins
> remoteness: 33

$ nimber value kayles 12 13 14 --remoteness --memory 1M
> *7: the first player wins
! nimber: position too large for exhaustive search (its tables would take more than the memory limit of 1 MiB; --memory SIZE raises it)
? 65

$ nimber value kayles 12 13 14 --remoteness --memory=16777216
> *7: the first player wins
> remoteness: 33

$ nimber moves kayles 12 13 14 --memory 16m
> *7: the first player wins; winning moves:
>   12-1=1+10  ->  1 10 13 14
>   12-1=4+7  ->  4 7 13 14
>   12-2=2+8  ->  2 8 13 14
>   13-1=5+7  ->  12 5 7 14
>   13-2  ->  12 11 14
>   13-2=2+9  ->  12 2 9 14
>   14-1=1+12  ->  12 13 1 12
>   14-1=4+9  ->  12 13 4 9
>   14-1=5+8  ->  12 13 5 8

$ nimber table kayles --to 3 --memory 1T
> 0  0
> 1  *1
> 2  *2
> 3  *3

# Partizan games: the value search (canonical forms) and the outcome search beside it are bound
# alike: a 4x5 Domineering board takes a few MB, refused under 256 KiB by both, answered by default.
$ nimber value domineering '...../...../...../.....' --brief --memory 256K
! nimber: position too large for exhaustive search (its tables would take more than the memory limit of 256 KiB; --memory SIZE raises it); and no canonical form: position too large for the value search (its tables would take more than the memory limit of 256 KiB; --memory SIZE raises it)
? 65

$ nimber value domineering '...../...../...../.....' --brief
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> mean 1, temperature -1
> left stop 1, right stop 1, birthday 1

# Lists of moves too: the winning moves of a heap of 2^24 in nim may take 64 bytes a move (the
# list and the family's scratch), 1 GiB, refused under 256 MiB before anything is allocated.
$ nimber moves nim 16777216 --memory 256M
! nimber: position too large for a list of moves (its tables would take more than the memory limit of 256 MiB; --memory SIZE raises it)
? 65

# The families' own engines are bound by --memory as the searches are (nb_game_memory): the heap
# sequence engine's table of Grundy's game to heap 30,000 takes about 50 KB: 64 KiB allows it, as
# the default does, 16 KiB refuses it before allocating
$ nimber value grundy 30000 --memory 64K
> *149: the first player wins

$ nimber value grundy 30000
~ slow
> *149: the first player wins

$ nimber value grundy 30000 --memory 16K
! nimber: game 'grundy': computing G(0) to G(30000) needs about 31857 bytes, above the sequence engine's limit of 16384 bytes (the memory limit; --memory SIZE raises it)
? 65

# sizes (table, plot) are refused up front where no table within the bound can hold them
$ nimber table grundy --to 100000 --memory 64K
! nimber: game 'grundy': heap 100000 needs a table of every smaller heap, at least 100001 bytes (one a heap), above the sequence engine's limit of 65536 bytes (the memory limit; --memory SIZE raises it) and 4294967295 heaps
? 65

# period and survey take --memory too (the sequence engine of each game of a survey: the games
# before the one refused are printed, with the seconds they took)
$ nimber period kayles --memory 1K
! nimber: game 'oct:0.77': computing G(0) to G(0) needs about 2472 bytes, above the sequence engine's limit of 1024 bytes (the memory limit; --memory SIZE raises it)
? 65

$ nimber period kayles --memory 64K
> oct:0.77: preperiod 71, period 12
> proof: checked for every x in [71, 167]; G(x + p) = G(x) there, hence for every x >= 71 by theorem T3 (Guy and Smith: codes with two-heap splits, W = 2s' + 2p + k) (src/heap/heapperiod.c)
> values of heaps 71 to 82: *7 *4 *1 *2 *8 *1 *4 *7 *2 *1 *8 *2

$ nimber survey oct:1 --memory 1K >/dev/null
! nimber: game 'oct:0.4': computing G(0) to G(0) needs about 1856 bytes, above the sequence engine's limit of 1024 bytes (the memory limit; --memory SIZE raises it)
? 65

# psub's period engine: psub:4194304/1 holds two rings of 4194305 piles (32 MiB) before its first
# pile; 16 MiB refuses it, the default answers
$ nimber value 'psub:4194304/1' 3 --brief --memory 16M
! nimber: game 'psub:4194304/1': the period engine's tables would take more than the memory limit of 16 MiB after 0 piles (--memory SIZE raises it); and no canonical form: game 'psub:4194304/1': the period engine's tables would take more than the memory limit of 16 MiB after 0 piles (--memory SIZE raises it)
? 65

$ nimber value 'psub:4194304/1' 3 --brief
> R: Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)
> mean -3, temperature -1
> left stop -3, right stop -3, birthday 3

# and as its tables grow: this game's preperiod is 49,970,004 piles (two bits a pile each side,
# and its repeat table); 1 MiB holds about half a million piles
$ nimber period psub:4999,5000/4998,5000 --memory 1M
! nimber: game 'psub:4999,5000/4998,5000': the period engine's tables would take more than the memory limit of 1 MiB after 529344 piles (--memory SIZE raises it)
? 65

# the tower game's run tables: a run of 21 movable layers needs about 8 MB of them (built on
# first use; runs up to 20 are compiled in and cost nothing); too long a run stays a usage error
$ nimber value tower $(printf 'III %.0s' $(seq 21)) --memory 4M
! nimber: a run of 21 layers of III, II. or .II, none next to .I., needs tables of 8650750 bytes, above the memory limit of 4 MiB (--memory SIZE raises it)
? 65

$ nimber value tower $(printf 'III %.0s' $(seq 21))
~ slow
> *2: the first player wins

$ nimber value tower $(printf 'III %.0s' $(seq 20)) --memory 64K
> 0: the second player wins

# A size it cannot read is a usage error naming it.
$ nimber value kayles 12 --memory 2GB
! nimber: value: --memory expects a size in bytes, such as 1073741824, 512M or 2G (K, M, G, T: powers of 1024), found '2GB' (see 'nimber value --help')
? 64

$ nimber value kayles 12 --memory 0
! nimber: value: --memory expects a size in bytes, such as 1073741824, 512M or 2G (K, M, G, T: powers of 1024), found '0' (see 'nimber value --help')
? 64

$ nimber play kayles 12 --memory 1.5G
! nimber: play: --memory expects a size in bytes, such as 1073741824, 512M or 2G (K, M, G, T: powers of 1024), found '1.5G' (see 'nimber play --help')
? 64

$ nimber plot kayles --to 10 --memory 99999999999999999999
! nimber: plot: --memory expects a size in bytes, such as 1073741824, 512M or 2G (K, M, G, T: powers of 1024), found '99999999999999999999' (see 'nimber plot --help')
? 64

$ nimber moves kayles 12 --memory
! nimber: moves: option '--memory' needs a value (see 'nimber moves --help')
? 64

# The searches' count limits are options of value (issue 18: they could not be raised from the
# command line): --positions, --sums, --moves-examined; a count as for --memory (K, M: powers of
# 1024). Lowered, the refusal names the count given; every table stays within --memory.
$ nimber value kayles 20 20 20 --remoteness --sums 2K
> *1: the first player wins
! nimber: position too large for exhaustive search (more than 2048 sums; --sums N raises it)
? 65

$ nimber value kayles 12 13 14 --remoteness --sums 4M --positions 1M
> *7: the first player wins
> remoteness: 33

$ nimber value kayles 3 --sums 0
! nimber: value: --sums expects a count, such as 1000000 or 4M (K, M, G, T: powers of 1024), found '0' (see 'nimber value --help')
? 64

$ nimber value kayles 3 --moves-examined lots
! nimber: value: --moves-examined expects a count, such as 1000000 or 4M (K, M, G, T: powers of 1024), found 'lots' (see 'nimber value --help')
? 64
