# Golden tests of 'nimber compare' (issue 18): the relation of A and B and the outcome of A - B
# that decides it (P: =, L: >, R: <, N: ||). Antisymmetry and agreement with the exhaustive
# sum search on random pairs: tests/test_compare.c.

$ nimber compare cg '{1|*}' -- '^'
> > (A - B: L, Left wins whoever starts)

$ nimber compare cg '^' -- '{1|*}' --json
> {"game":"cg","a":"^","b":"{1|*}","relation":"<","difference_outcome":"R"}

$ nimber compare cg '+-1' -- 0
> || (A - B: N, the player to move wins)

$ nimber compare cg '{1|*} + ^' -- '{1^|^*}'
> = (A - B: P, the player to move loses)

$ nimber compare cg '*' -- '*2'
> || (A - B: N, the player to move wins)

$ nimber compare domineering '..../....' -- '+-1'
> || (A - B: N, the player to move wins)

$ nimber compare domineering '..../....' -- '+-1' --json
> {"game":"domineering","a":"..../....","b":"+-1","relation":"||","difference_outcome":"N"}

$ nimber compare domineering './.' '..' -- 0
> = (A - B: P, the player to move loses)

$ nimber compare domineering '../..' -- '*'
> || (A - B: N, the player to move wins)

$ nimber compare kayles 3 -- 2 1
> = (A - B: P, the player to move loses)

$ nimber compare kayles 3 -- 1 1 --json
> {"game":"oct:0.77","a":"3","b":"1 1","relation":"||","difference_outcome":"N"}

$ nimber compare cg '^' '^'
! nimber: compare: expected '--' between the two positions (see 'nimber compare --help')
? 64

$ nimber compare cg -- '^'
! nimber: compare: expected a position before '--' (see 'nimber compare --help')
? 64

$ nimber compare cg '^' --
! nimber: compare: expected a position after '--' (see 'nimber compare --help')
? 64

$ nimber compare --
! nimber: compare: expected a game before '--' (see 'nimber compare --help')
? 64

$ nimber compare domineering './.' -- '{1|'
! nimber: argument 4: column 1: expected '.', '#' or '/', found '{'; as a game in CGSuite's notation, column 4: expected '}', found end of text
? 64

$ nimber compare kayles 3 -- '+-1'
! nimber: argument 4: expected a heap (an integer from 0 to 2^64-1), found '+-1'
? 64

$ nimber compare cg '^' -- '{1|'
! nimber: argument 4: column 4: expected '}', found end of text
? 64

$ nimber compare cg '^' -- '^' --memory 0
! nimber: compare: --memory expects a size in bytes, such as 1073741824, 512M or 2G (K, M, G, T: powers of 1024), found '0' (see 'nimber compare --help')
? 64

$ nimber compare nope 1 -- 2
! nimber: unknown game 'nope' (see 'nimber games')
? 64


# The search limits bound compare as they bound value: a 3x4 Clobber board past ten sums and ten
# positions is refused (exit 65) with both reasons; a count that is no count is a usage error.
$ nimber compare clobber 'xoxo/oxox/xoxo' -- xo --positions 10 --sums 10
! nimber: position too large for exhaustive search (more than 10 sums; --sums N raises it); and no canonical form: position too large for the value search (more than 10 positions; --positions N raises it)
? 65

$ nimber compare clobber xxo -- '^' --positions 1K
> = (A - B: P, the player to move loses)

$ nimber compare clobber xxo -- '^' --sums x
! nimber: compare: --sums expects a count, such as 1000000 or 4M (K, M, G, T: powers of 1024), found 'x' (see 'nimber compare --help')
? 64

# A side that reads as a position is one; cg:GAME is always a game in CGSuite's notation. Where a
# side is both (psub's heap 3 and the integer 3, of other values), a note says which reading was
# taken and how to write the other (the review found `-- 3` and `-- '3 + 0'` differing silently)
$ nimber compare psub:1/2 3 -- 3
> = (A - B: P, the player to move loses)
! nimber: compare: note: argument 2, '3', is read as a position of psub:1/2, not as the game '3' in CGSuite's notation (write cg:3 for that)
! nimber: compare: note: argument 4, '3', is read as a position of psub:1/2, not as the game '3' in CGSuite's notation (write cg:3 for that)

$ nimber compare psub:1/2 3 -- cg:3
> < (A - B: R, Right wins whoever starts)
! nimber: compare: note: argument 2, '3', is read as a position of psub:1/2, not as the game '3' in CGSuite's notation (write cg:3 for that)

$ nimber compare psub:1/2 3 -- '3 + 0' 2>/dev/null
> < (A - B: R, Right wins whoever starts)

$ nimber compare psub:1/2 cg:2 -- 3 --json 2>/dev/null
> {"game":"psub:1/2","a":"cg:2","b":"3","relation":">","difference_outcome":"L"}

# no note where the readings agree (cg's positions are the notation; psub's heap 0 is 0)
$ nimber compare cg 3 -- 3
> = (A - B: P, the player to move loses)

$ nimber compare psub:1/2 0 -- cg:0
> = (A - B: P, the player to move loses)

$ nimber compare domineering '..../....' -- cg:+-1
> || (A - B: N, the player to move wins)

$ nimber compare kayles 3 -- cg:3
! nimber: compare: argument 4: a 'cg:' side is a game in CGSuite's notation, for partizan games only (see 'nimber compare --help')
? 64

$ nimber compare cg 1 -- 'cg:{1|'
! nimber: argument 4: after 'cg:', column 4: expected '}', found end of text
? 64
