# The tower game (Gurdurr): golden CLI tests. Every value here was checked against the rules
# (tests/test_tower.c holds the fast evaluator to the exhaustive search).

# The seed's samples, from the bundled example file and from standard input.
$ nimber solve gurdurr examples/gurdurr.txt
> First
> Second
> Second
> First
> First

$ nimber solve gurdurr
< 1
< 3
< II.
< .II
< III
> Second

# Single layers; III next to .I. is *1 (First), and two such cancel (Second); I.I everywhere.
$ nimber solve gurdurr -
< 6
< 1 III
< 1 II.
< 1 I.I
< 1 .I.
< 2 .I. III
< 3 III .I. III
> First
> First
> Second
> Second
> First
> Second

$ nimber solve gurdurr
< 1
< 20
< I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I I.I
> Second

# Input errors: each names the input, line and column, and exits 65.
$ nimber solve gurdurr
< 1
< 1
< I..
! nimber: <stdin>:3:1: expected a layer (III, II., .II, I.I or .I.), found 'I..'
? 65

$ nimber solve gurdurr
< 1
< 2
< III ..I
! nimber: <stdin>:3:5: expected a layer (III, II., .II, I.I or .I.), found '..I'
? 65

$ nimber solve gurdurr
< 1
< 1
< ...
! nimber: <stdin>:3:1: expected a layer (III, II., .II, I.I or .I.), found '...'
? 65

$ nimber solve gurdurr
< 1
< 1
< IIII
! nimber: <stdin>:3:1: expected a layer (III, II., .II, I.I or .I.), found 'IIII'
? 65

$ nimber solve gurdurr
< 1
< 1
< II
! nimber: <stdin>:3:1: expected a layer (III, II., .II, I.I or .I.), found 'II'
? 65

$ nimber solve gurdurr
< 1
< 1
< IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII
! nimber: <stdin>:3:1: expected a layer (III, II., .II, I.I or .I.), found 'IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII...'
? 65

$ nimber solve gurdurr
< 1
< 3
< III
< .I.
< .I.
! nimber: <stdin>:5:1: two adjacent .I. layers make the tower unstable (layers 2 and 3)
? 65

$ nimber solve gurdurr
< 1
< 0
! nimber: <stdin>:2:1: expected the number of layers n, from 1 to 42, found '0'
? 65

$ nimber solve gurdurr
< 1
< 43
! nimber: <stdin>:2:1: expected the number of layers n, from 1 to 42, found '43'
? 65

$ nimber solve gurdurr
< 0
! nimber: <stdin>:1:1: expected the number of towers t, from 1 to 1000000000, found '0'
? 65

$ nimber solve gurdurr
< x
! nimber: <stdin>:1:1: expected the number of towers t, from 1 to 1000000000, found 'x'
? 65

# A count that does not match the layers: too few (the tower is incomplete) or too many.
$ nimber solve gurdurr
< 2
< 1
< III
< 2
< III
> First
! nimber: <stdin>:6:1: expected a layer (III, II., .II, I.I or .I.), found end of input (tower 2 of 2 is incomplete)
? 65

$ nimber solve gurdurr
< 1
< 1
< III III
> First
! nimber: <stdin>:3:5: expected end of input, found 'III'
? 65

$ nimber solve gurdurr
< 2
< 1 III
> First
! nimber: <stdin>:3:1: expected the number of layers n, from 1 to 42, found end of input (tower 2 of 2 is incomplete)
? 65

# A run longer than the evaluator's table is refused before anything is allocated.
$ nimber solve gurdurr
< 1
< 25
< III III III III III III III III III III III III III III III III III III III III III III III III III
! nimber: <stdin>:3:1: a run of 25 layers of III, II. or .II, none next to .I., is longer than the evaluator's limit of 24 (its tables would need 128 MiB)
? 65

$ nimber solve gurdurr /nonexistent/gurdurr.txt
! nimber: /nonexistent/gurdurr.txt: cannot open for reading: No such file or directory
? 66


# value
$ nimber value gurdurr III
> *2: the first player wins

$ nimber value gurdurr III III
> *1: the first player wins

$ nimber value gurdurr II. .II III
> 0: the second player wins

$ nimber value tower II. .II II.
> *2: the first player wins

$ nimber value gurdurr III + II. + I.I
> *3: the first player wins

$ nimber value gurdurr III .I. III --json
> {"game":"tower","position":"III .I. III","grundy":0,"winner":"second"}

$ nimber value gurdurr III + III III --json
> {"game":"tower","position":"III + III III","grundy":3,"winner":"first"}

$ nimber value gurdurr III --remoteness
> *2: the first player wins
> remoteness: 1

$ nimber value gurdurr III I..
! nimber: argument 3: expected a layer (III, II., .II, I.I or .I.), found 'I..'
? 64

$ nimber value gurdurr III .I. .I.
! nimber: arguments 3-4: two adjacent .I. layers make the tower unstable
? 64

$ nimber value gurdurr III + III +
! nimber: argument 5: expected a position after '+'
? 64

$ nimber value tower:2 III
! nimber: game 'tower:2': the tower game takes no parameters
? 64

$ nimber value gurdurr III III III III III III III III III III III III III III III III III III III III III III III III III
! nimber: a run of 25 layers of III, II. or .II, none next to .I., is longer than the evaluator's limit of 24 (its tables would need 128 MiB)
? 64


# moves: layer number (1 = top) and block (L, M, R); in a sum, the tower's number first.
$ nimber moves gurdurr III III
> *1: the first player wins; winning moves:
>   1L  ->  .II III
>   1R  ->  II. III
>   2L  ->  III .II
>   2R  ->  III II.

$ nimber moves gurdurr II. .II III
> 0: the second player wins; no winning move

$ nimber moves gurdurr III + II. .II III
> *2: the first player wins; winning moves:
>   1:1M  ->  I.I + II. .II III
>   2:1L  ->  III + .I. .II III
>   2:3L  ->  III + II. .II .II
>   2:3R  ->  III + II. .II II.

$ nimber moves gurdurr III III --json
> {"game":"tower","position":"III III","grundy":1,"winner":"first","winning":[{"move":"1L","to":".II III"},{"move":"1R","to":"II. III"},{"move":"2L","to":"III .II"},{"move":"2R","to":"III II."}]}

$ nimber moves gurdurr I.I .I. --json
> {"game":"tower","position":"I.I .I.","grundy":0,"winner":"second","winning":[]}
