# value --batch FILE: one position a line, one answer a line (batch.c). README: "Many positions
# at once".
# A file of positions of several games: each answer on one line, the text's lines joined by "; ".

$ nimber value --batch examples/batch.txt
> +-1: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins); mean 0, temperature 1; left stop 1, right stop -1, birthday 2; reduced canonical form +-1
> {0|-2}: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins); mean -1, temperature 1; left stop 0, right stop -2, birthday 3; reduced canonical form {0|-2}
> *2: the first player wins
> *3: the first player wins
> {1^|^*}: L, Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins); mean 1/2, temperature 1/2; left stop 1, right stop 0, birthday 4; reduced canonical form {1|0}
> *: N, the player to move wins (Left moving first: Left wins; Right moving first: Right wins); mean 0, temperature 0; left stop 0, right stop 0, birthday 1; atomic weight 0; reduced canonical form 0
# JSON Lines: one object a line, with its line's number.

$ nimber value --batch examples/batch.txt --json --brief
> {"line":3,"game":"domineering","position":"../..","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"1","left_stop":"1","right_stop":"-1","birthday":2,"thermograph":{"left":[["2","-1"],["0","1"]],"right":[["-2","-1"],["0","1"]]}}
> {"line":4,"game":"domineering","position":"..#/... + ...","outcome":"N","left_first":"left","right_first":"right","mean":"-1","temperature":"1","left_stop":"0","right_stop":"-2","birthday":3,"thermograph":{"left":[["1","-1"],["-1","1"]],"right":[["-3","-1"],["-1","1"]]}}
> {"line":5,"game":"oct:0.77","position":"3 4","grundy":2,"winner":"first"}
> {"line":6,"game":"div:2,3","position":"1 2 5","grundy":3,"winner":"first"}
> {"line":7,"game":"cg","position":"{1|*} + ^","outcome":"L","left_first":"left","right_first":"left","mean":"1/2","temperature":"1/2","left_stop":"1","right_stop":"0","birthday":4,"thermograph":{"left":[["2","-1"],["1/2","1/2"]],"right":[["0","-1"],["0","0"],["1/2","1/2"]]}}
> {"line":8,"game":"clobber","position":"xo/ox","outcome":"N","left_first":"left","right_first":"right","mean":"0","temperature":"0","left_stop":"0","right_stop":"0","birthday":1,"atomic_weight":"0","thermograph":{"left":[["1","-1"],["0","0"]],"right":[["-1","-1"],["0","0"]]}}

$ nimber value --batch examples/batch.txt --remoteness --brief
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins); mean 0, temperature 1; left stop 1, right stop -1, birthday 2; remoteness: 1 with Left moving first, 1 with Right moving first
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins); mean -1, temperature 1; left stop 0, right stop -2, birthday 3; remoteness: 3 with Left moving first, 1 with Right moving first
> *2: the first player wins; remoteness: 5
> *3: the first player wins; remoteness: 3
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins); mean 1/2, temperature 1/2; left stop 1, right stop 0, birthday 4; remoteness: 3 with Left moving first, 4 with Right moving first
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins); mean 0, temperature 0; left stop 0, right stop 0, birthday 1; atomic weight 0; remoteness: 3 with Left moving first, 3 with Right moving first
# Standard input; comments and blank lines skipped, quotes as the shell reads them; an option
# inside a line is a word of the position (a bad heap here).

$ nimber value --batch - --brief
<   # a comment, after blanks
<
< cg "{1|*}" + '^'
< cg {1|*}\ +\ ^
< domineering "..#/..." '...'
< impartial:domineering ..../....
< kayles 3 4 --json
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins); mean 1/2, temperature 1/2; left stop 1, right stop 0, birthday 4
> L: Left wins whoever starts (Left moving first: Left wins; Right moving first: Left wins); mean 1/2, temperature 1/2; left stop 1, right stop 0, birthday 4
> N: the player to move wins (Left moving first: Left wins; Right moving first: Right wins); mean -1, temperature 1; left stop 0, right stop -2, birthday 3
> 0: the second player wins
! nimber: <stdin>:7:12: expected a heap (an integer from 0 to 2^64-1), found '--json'
? 65
# A bad line is told with its line and column on standard error, the rest answered; exit 65.

$ nimber value --batch - --brief
< domineering ..x/...
< nosuchgame 3
< kayles 3
< cg '{1|*'
< domineering "..
< twothree 1 x
< domineering
< kayles 5
> *3: the first player wins
> *4: the first player wins
! nimber: <stdin>:1:15: expected '.', '#' or '/', found 'x'
! nimber: <stdin>:2:1: unknown game 'nosuchgame' (see 'nimber games')
! nimber: <stdin>:4:10: expected '}', found end of text
! nimber: <stdin>:5:13: unclosed " quote
! nimber: <stdin>:6:12: expected a heap (an integer from 1 to 2^64-1), found 'x'
! nimber: <stdin>:7:1: expected a position (one board per argument: rows of '.' (empty) and '#' (filled) separated by '/', such as '..#/.../...')
? 65

$ nimber value --batch - --json
< twothree 1 x
< twothree 1 2
> {"line":2,"game":"div:2,3","position":"1 2","grundy":1,"winner":"first"}
! nimber: <stdin>:1:12: expected a heap (an integer from 1 to 2^64-1), found 'x'
? 65
# A line of NUL bytes and a line longer than 65536 bytes are bad lines like any other.

$ printf 'kayles 1\0 2\nkayles 2\n' | nimber value --batch -
> *2: the first player wins
! nimber: <stdin>:1:9: a NUL byte
? 65

$ { printf 'kayles '; head -c 70000 /dev/zero | tr '\0' 1; printf '\nkayles 3\n'; } | nimber value --batch -
> *3: the first player wins
! nimber: <stdin>:1:1: line too long: 70007 bytes, more than the 65536 a line may hold
? 65
# --options applies line by line: an impartial game's line is bad.

$ nimber value --batch - --options
< kayles 3
< domineering ..
> -1: R, Right wins whoever starts (Left moving first: Right wins; Right moving first: Right wins); left options: none; right options: 0
! nimber: <stdin>:1:1: --options applies to partizan games only; oct:0.77 is impartial
? 65
# Misère play for every line.

$ nimber value --batch - --misere
< kayles 1 1
< kayles 3
> 0^120: the first player wins (misère play); genus of each component: 1^031 1^031
> 3^31: the first player wins (misère play)
# A file without a position, a missing file, positions on the command line too, no file name,
# --options with --misere.

$ nimber value --batch /dev/null
! nimber: value: --batch: no position in /dev/null (it is empty, or holds only comments and blank lines)
? 65

$ nimber value --batch -
< # only a comment
! nimber: value: --batch: no position in <stdin> (it is empty, or holds only comments and blank lines)
? 65

$ nimber value --batch tests/golden/no-such-file.txt
! nimber: value: --batch: cannot open 'tests/golden/no-such-file.txt': No such file or directory
? 66

$ nimber value --batch examples/batch.txt kayles 3
! nimber: value: --batch reads the positions from its file; found 'kayles' on the command line too (see 'nimber value --help')
? 64

$ nimber value --batch
! nimber: value: option '--batch' needs a value (see 'nimber value --help')
? 64

$ nimber value --batch - --options --misere
< domineering ..
! nimber: value: --options lists the options of the canonical form, a normal-play value; it does not apply with --misere (see 'nimber value --help')
? 64
