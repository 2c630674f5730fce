# Command-line habits: version, help for a command, names that are nearly right, case.

$ nimber version
> nimber 0.10.0

$ nimber --version
> nimber 0.10.0

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

# --- Option hygiene (every command: src/cli/common.c, cli_parse) ---------------------------------
# An option given twice is an error, whatever its form.
$ nimber table twothree --to 3 --to 5
! nimber: table: option '--to' given twice (see 'nimber table --help')
? 64

$ nimber table twothree --to=3 --to 5
! nimber: table: option '--to' given twice (see 'nimber table --help')
? 64

$ nimber value twothree 5 --json --json
! nimber: value: option '--json' given twice (see 'nimber value --help')
? 64

$ nimber plot twothree --to 5 -o a.svg --output b.svg
! nimber: plot: option '--output' given twice (see 'nimber plot --help')
? 64

# An unknown option names the nearest option of the command, when one is near.
$ nimber value twothree 5 --jsn
! nimber: value: unknown option '--jsn': did you mean '--json'? (see 'nimber value --help')
? 64

$ nimber table twothree --to 5 --rusn
! nimber: table: unknown option '--rusn': did you mean '--runs'? (see 'nimber table --help')
? 64

$ nimber period twothree --mxa 5
! nimber: period: unknown option '--mxa': did you mean '--max'? (see 'nimber period --help')
? 64

$ nimber moves twothree 5 --hepl
! nimber: moves: unknown option '--hepl': did you mean '--help'? (see 'nimber moves --help')
? 64

$ nimber value --load ./wythoff.so wythoff 3,5
! nimber: value: --load goes before the command: nimber --load PLUGIN.so value ... (see 'nimber value --help')
? 64

$ nimber value twothree 5 --frobnicate
! nimber: value: unknown option '--frobnicate' (see 'nimber value --help')
? 64

# One dash and a letter is an option too: a one-letter form, or a long name typed with one dash.
$ nimber table twothree --to 5 -runs
! nimber: table: unknown option '-runs': did you mean '--runs'? (see 'nimber table --help')
? 64

$ nimber value twothree 5 -x
! nimber: value: unknown option '-x' (see 'nimber value --help')
? 64

$ nimber value -h | head -n 1
> usage: nimber value GAME POSITION... [--json] [--remoteness] [--brief] [--outcome]

$ nimber solve --jsno
! nimber: solve: unknown option '--jsno' (see 'nimber solve --help')
? 64

# Other words starting with '-' are arguments, for the game to read; '--' ends the options.
$ nimber value twothree -5
! nimber: argument 2: expected a heap (an integer from 1 to 2^64-1), found '-5'
? 64

$ nimber value twothree -- -x
! nimber: argument 2: expected a heap (an integer from 1 to 2^64-1), found '-x'
? 64

$ nimber value twothree 5 --remoteness=yes
! nimber: value: option '--remoteness' takes no value (see 'nimber value --help')
? 64

# An option that does not apply to the game is an error, never ignored: the players of an
# impartial game have the same moves, so naming a side means nothing.
$ nimber moves twothree 5 --player right
! nimber: moves: --player applies to partizan games only; 'div:2,3' is impartial (both players have the same moves) (see 'nimber moves --help')
? 64

$ nimber moves gurdurr III --player left
! nimber: moves: --player applies to partizan games only; 'tower' is impartial (both players have the same moves) (see 'nimber moves --help')
? 64

$ nimber play twothree 5 --player left
! nimber: play: --player applies to partizan games only; 'div:2,3' is impartial (both players have the same moves) (see 'nimber play --help')
? 64

$ nimber moves psub:1/2 5 --player right
> {1|0}: Right moving first wins; winning moves:
>   -2  ->  3

# --- Limits known before the work: a table lists at most 10^8 sizes -----------------------------
$ nimber table twothree --to 18446744073709551615
! nimber: table: the sizes 1 to 18446744073709551615 are more than the 100,000,000 a table lists; use --runs, or narrow --from/--to (see 'nimber table --help')
? 64

$ nimber table twothree --from 7 --to 100000007
! nimber: table: the sizes 7 to 100000007 are more than the 100,000,000 a table lists; use --runs, or narrow --from/--to (see 'nimber table --help')
? 64

$ nimber table gurdurr --from 1 --to 100000001
! nimber: towers of III layers run from 1 to 24 layers, not 100000001
? 64

# ... and JSON that is sure to pass its 64 MiB (a byte a letter at least) is refused at once.
$ nimber table psub:1/2 --from 5 --to 70000000 --json
! nimber: table: the JSON output of 69999996 sizes would exceed 64 MiB, the most built in memory (JSON is printed whole or not at all); narrow --from/--to, or use --runs or the streamed text output
? 65

# --- games --names: what a GAME may start with, for scripts and the bash completion -----------
$ nimber games --names
> div
> twothree
> psub
> nimplus
> tower
> gurdurr
> nim
> sub
> oct
> kayles
> dawson
> hex
> grundy
> cg
> domineering
> snort
> clobber
> cram
> col
> nogo
> toads
> elephants
> toppling
> hackenbush
> konane
> amazons
> impartial
