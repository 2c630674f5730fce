# Bash completion (tools/nimber.bash, installed as share/bash-completion/completions/nimber):
# commands, each command's options, game names, contest formats, sides and files.
# tests/golden/complete.sh drives the completion function as bash does for a typed line.

$ . tests/golden/complete.sh && complete_line 'nimber '
> compare
> games
> help
> moves
> period
> play
> plot
> quotient
> solve
> survey
> table
> value
> version

$ . tests/golden/complete.sh && complete_line 'nimber p'
> period
> play
> plot

$ . tests/golden/complete.sh && complete_line 'nimber --'
> --help
> --load
> --version

# Options of each command, from its --help.
$ . tests/golden/complete.sh && complete_line 'nimber table twothree --'
> --from
> --help
> --json
> --memory
> --misere
> --runs
> --to

$ . tests/golden/complete.sh && complete_line 'nimber plot twothree --to 10 --'
> --from
> --help
> --memory
> --misere
> --output
> --thermograph
> --to

$ . tests/golden/complete.sh && complete_line 'nimber moves psub:1/2 5 --p'
> --player
> --positions

$ . tests/golden/complete.sh && complete_line 'nimber value twothree 5 --r'
> --remoteness

$ . tests/golden/complete.sh && complete_line 'nimber games --'
> --help
> --names

# Game names: families and aliases, after the commands that take a GAME.
$ . tests/golden/complete.sh && complete_line 'nimber value '
> amazons
> cg
> clobber
> col
> cram
> dawson
> div
> domineering
> elephants
> grundy
> gurdurr
> hackenbush
> hex
> impartial
> kayles
> konane
> nim
> nimplus
> nogo
> oct
> psub
> snort
> sub
> toads
> toppling
> tower
> twothree

$ . tests/golden/complete.sh && complete_line 'nimber table --to 40 t'
> toads
> toppling
> tower
> twothree

# A position is the game's to read: nothing to offer.
$ . tests/golden/complete.sh && complete_line 'nimber value twothree t'

# Sides, after the options that take one.
$ . tests/golden/complete.sh && complete_line 'nimber moves psub:1/2 5 --player '
> left
> right

$ . tests/golden/complete.sh && complete_line 'nimber play psub:1/2 5 --player r'
> right

# Contest formats, then a file.
$ . tests/golden/complete.sh && complete_line 'nimber solve '
> gurdurr
> nimplus
> twothree

$ . tests/golden/complete.sh && complete_line 'nimber solve twothree examples/two'
> examples/twothree.txt

$ . tests/golden/complete.sh && complete_line 'nimber help ta'
> table

# Plug-ins loaded on the line add their families.
$ . tests/golden/complete.sh && complete_line "nimber --load $NB_PLUGIN_DIR/wythoff.so value wy"
> wythoff

$ . tests/golden/complete.sh && complete_line 'nimber compare dom'
> domineering
