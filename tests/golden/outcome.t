# value --outcome: who wins alone, from the outcome search (src/core/outcome.c), no canonical
# form made. README: "Who wins, and nothing more: `--outcome`".
# The outcome line of --brief without the form's mean, stops and birthday; the JSON members
# outcome, left_first and right_first.

$ nimber value domineering ..../..../..../.... --outcome
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)

$ nimber value domineering ..../..../..../.... --outcome --json
> {"game":"domineering","position":"..../..../..../....","outcome":"N","left_first":"left","right_first":"right"}

# A sum of boards: xox/oxo is 0, and so is xo.ox (its regions xo and ox are * and *).
$ nimber value clobber xox/oxo + xo.ox --outcome
> P: the player to move loses (Left moving first: Right wins; Right moving first: Left wins)

$ nimber value amazons x.#./..../.#../...o --outcome --json
~ slow
> {"game":"amazons","position":"x.#./..../.#../...o","outcome":"N","left_first":"left","right_first":"right"}

# With --remoteness, the remoteness from the sum search, as without --outcome.
$ nimber value toads tt..ff --outcome --remoteness
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> remoteness: 11 with Left moving first, 11 with Right moving first

# Misère play and impartial games: their value, which says who wins already.
$ nimber value clobber xo.ox --outcome --misere
> N: the player to move wins (misère play; Left moving first: Left wins; Right moving first: Right wins)

$ nimber value nim 3 4 --outcome
> *7: the first player wins

# Many positions: one outcome a line.
$ nimber value --batch examples/batch.txt --outcome
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)
> *2: the first player wins
> *3: the first player wins
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins)

$ nimber value --batch - --outcome --json
~ slow
< amazons x.#./..../.#../...o
< nim 3 4
< clobber xo + ox
> {"line":1,"game":"amazons","position":"x.#./..../.#../...o","outcome":"N","left_first":"left","right_first":"right"}
> {"line":2,"game":"nim","position":"3 4","grundy":7,"winner":"first"}
> {"line":3,"game":"clobber","position":"xo + ox","outcome":"P","left_first":"right","right_first":"left"}

# Errors: no form to take options from (usage, 64), on a position or a batch; a position too
# large for the search's limits (65, the limit named), where its canonical form, tried next for
# one component, is out of reach too (--positions, --memory).
$ nimber value domineering .. --outcome --options
! nimber: value: --options lists the options of the canonical form, which --outcome does not make (see 'nimber value --help')
? 64

$ nimber value --batch examples/batch.txt --outcome --options
! nimber: value: --options lists the options of the canonical form, which --outcome does not make (see 'nimber value --help')
? 64

$ nimber value domineering ....../....../....../....../....../...... --outcome --sums 100 --positions 100
! nimber: position too large for the outcome search (more than 100 sums; --sums N raises it, within --memory)
? 65

$ nimber value domineering ....../....../....../....../....../...... --outcome --memory 64K
! nimber: position too large for the outcome search (its tables would take more than the memory limit of 64 KiB; --memory SIZE raises it)
? 65
