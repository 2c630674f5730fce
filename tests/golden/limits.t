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
