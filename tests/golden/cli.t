# Command-line habits: version, help for a command, names that are nearly right, case.

$ nimber version
> nimber 0.2.0

$ nimber --version
> nimber 0.2.0

$ nimber version extra
! nimber: version: takes no arguments (see 'nimber version --help')
? 64

# `nimber help COMMAND` is `nimber COMMAND --help`.
$ diff <(nimber help table) <(nimber table --help) && echo same
> same

$ nimber help tabel
! nimber: unknown command 'tabel': did you mean 'table'? (see 'nimber --help')
? 64

$ nimber help value moves
! nimber: help: expected at most one COMMAND (see 'nimber help --help')
? 64

# Unknown names suggest the nearest known one, when one is near.
$ nimber valeu twothree 5
! nimber: unknown command 'valeu': did you mean 'value'? (see 'nimber --help')
? 64

$ nimber frobnicate
! nimber: unknown command 'frobnicate' (see 'nimber --help')
? 64

$ nimber value twothre 5
! nimber: unknown game 'twothre': did you mean 'twothree'? (see 'nimber games')
? 64

$ nimber value pusb:1/2 5
! nimber: unknown game 'pusb': did you mean 'psub'? (see 'nimber games')
? 64

# Family names, aliases and commands are read without regard to case.
$ nimber VALUE TwoThree 1 2 5
> *3: the first player wins

$ nimber value DIV:2,3 5 --json
> {"game":"div:2,3","position":"5","grundy":2,"winner":"first"}

# solve takes a contest's name or the game it poses.
$ nimber solve div:2,3 examples/twothree.txt
> Nino
> Nino
> Miku
> Nino
> Miku

$ nimber solve div:3,2 examples/twothree.txt | head -n 1
> Nino

$ nimber solve tower examples/gurdurr.txt | head -n 1
> First

$ nimber solve PSUB examples/nimplus.txt
> Long Long nb!

$ nimber solve div:2 examples/twothree.txt
! nimber: solve: unknown format 'div:2' (twothree, gurdurr, nimplus, or their games div:2,3, tower, psub) (see 'nimber solve --help')
? 64
