# Probes at the edges of the cg reader and of 64-bit dyadic arithmetic (a tester's findings,
# issue 18): games nested to the reader's limit are valued, one level more is refused with a
# message naming the column, never a stack overflow (this file runs under ASan too); numbers near
# INT64_MAX are valued exactly or refused with a message, never wrapped.

# nested braces, parentheses and negations up to NB_CG_MAX_DEPTH (10000) levels
$ nimber value cg "$(repeat '{' 9999)0|$(repeat '|0}' 9999)" --brief --json | python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["outcome"], d["birthday"])'
> R 9999

# the same with a stack limit of 1 MB (at 4 MB the Release build crashed here before): a soft
# limit (`ulimit -S -s`) is raised by the command itself; under a hard one (`ulimit -s` sets
# both) it runs on a thread with a stack of its own (src/cli/main.c). Where the hard limit is
# already below 64 MB (some containers, macOS), the first case takes the thread's way too.
$ (ulimit -S -s 1024; nimber value cg "$(repeat '{' 9999)0|$(repeat '|0}' 9999)" --brief)
> R: Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 9999
> atomic weight -9998

$ (ulimit -s 1024; nimber value cg "$(repeat '{' 9999)0|$(repeat '|0}' 9999)" --brief)
> R: Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)
> mean 0, temperature 0
> left stop 0, right stop 0, birthday 9999
> atomic weight -9998

$ nimber value cg "$(repeat '(' 9999)1$(repeat ')' 9999)"
> 1: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

$ nimber value cg "$(repeat '-(' 4999)1$(repeat ')' 4999)"
> -1: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins)

$ nimber value cg "$(repeat '{' 10001)0|$(repeat '|0}' 10001)"
! nimber: argument 2: column 10001: games nested more than 10000 deep
? 64

$ nimber value cg "$(repeat '-(' 5001)1$(repeat ')' 5001)"
! nimber: argument 2: column 10001: games nested more than 10000 deep
? 64

$ nimber compare cg 0 -- "cg:$(repeat '{' 10001)0|$(repeat '|0}' 10001)"
! nimber: argument 4: after 'cg:', column 10001: games nested more than 10000 deep
? 64

# the cg family keeps numerators within 2^62 (a sum of two stays within 64 bits)
$ nimber value cg 9223372036854775807
! nimber: argument 2: column 1: a number in a cg position has a numerator of at most 2^62
? 64

$ nimber value cg '{|-9223372036854775807}'
! nimber: argument 2: column 3: a number in a cg position has a numerator of at most 2^62
? 64

$ nimber value cg 9223372036854775808
! nimber: argument 2: column 1: number too large (at most 64 bits)
? 64

# 2^62 + 2^62 = 2^63 is past int64: the outcome is told, the form refused with the reason
$ nimber value cg '4611686018427387904 + 4611686018427387904'
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> canonical form not given: number out of range: numerators must fit 64 bits and denominators 2^62

# the simplest number between 0 and 1/2^62 is 1/2^63, past the denominators kept
$ nimber value cg '{0|1/4611686018427387904}'
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> canonical form not given: number out of range: numerators must fit 64 bits and denominators 2^62

$ nimber value cg '1/4611686018427387904 + 1/4611686018427387904'
> 1/2305843009213693952: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)

# a literal side of compare is read into the solver's store, numerators up to INT64_MAX:
# exact where the result fits, refused (exit 65) where it does not
$ nimber compare domineering . -- 'cg:9223372036854775807 - {1|0}'
> < (A - B: R, Right wins whoever starts)

$ nimber compare domineering . -- 'cg:{9223372036854775807||-9223372036854775807}'
> || (A - B: N, the player to move wins)

$ nimber compare domineering . -- 'cg:-9223372036854775807 - 9223372036854775807'
! nimber: number out of range: numerators must fit 64 bits and denominators 2^62
? 65

$ nimber compare domineering . -- 'cg:9223372036854775807 + 1'
! nimber: number out of range: numerators must fit 64 bits and denominators 2^62
? 65

$ nimber compare domineering . -- 'cg:{9223372036854775807|}'
! nimber: number out of range: numerators must fit 64 bits and denominators 2^62
? 65

$ nimber compare domineering . -- 'cg:-(-9223372036854775807 - 1)'
! nimber: number out of range: numerators must fit 64 bits and denominators 2^62
? 65

$ nimber compare domineering . -- 'cg:v9223372036854775807 + v'
! nimber: number out of range: numerators must fit 64 bits and denominators 2^62
? 65

# ups nearly as deep as the engine's recursion limit: the found stack overflow of the fuzz
# harness ({9223372036852v75807|0} plus its negative) as a command; valued, or refused as too deep
$ nimber value cg '{v9990|0} - {v9990|0}' --brief
> P: the player to move loses (Left moving first: Right wins; Right moving first: Left wins)
> mean 0, temperature -1
> left stop 0, right stop 0, birthday 0
> atomic weight 0

$ nimber value cg '^9999 + {1|0}' --brief
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins)
> canonical form not given: game too deep: more than 10000 nested moves
