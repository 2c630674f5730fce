# Reliability: no silent cut, no lost write, no JSON fragment, no swallowed line (issue 11,
# defects 3, 4, 5 and 8). Each case failed before its fix, but for `moves` in text mode, kept
# beside its --json twin.

# --- Defect 3: specs are read and printed at their true length ---------------------------------

# An item longer than the 31 bytes once copied is read whole: refused whole, never read as div:2.
$ nimber value div:0000000000000000000000000000002junk 5
! nimber: game 'div:0000000000000000000000000000002junk': expected a divisor (an integer from 2 to 2^64-1), found '0000000000000000000000000000002junk'
? 64

$ nimber value div:0000000000000000000000000000000000000000000000000000000002,3 5 --json
> {"game":"div:2,3","position":"5","grundy":2,"winner":"first"}

$ nimber value psub:1,0000000000000000000000000000000000000000000000000000000000000/2 5
! nimber: game 'psub:1,000000000000000000000000000000000000000000000000000000000...' (70 bytes in all): expected an amount (an integer from 1 to 4194304), found '0000000000000000000000000000000000000000000000000000000000000'
? 64

# A canonical spec longer than 255 bytes keeps its '/' and Right's amounts in every output.
$ nimber value psub:$(seq -s, 1 60)/$(seq -s, 61 100) 5 --json
> {"game":"psub:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100","position":"5","value":"5","outcome":"L","left_first":"left","right_first":"left","mean":"5","temperature":"-1","left_stop":"5","right_stop":"5","birthday":5,"reduced":"5","thermograph":{"left":[["5","-1"]],"right":[["5","-1"]]}}

$ nimber period psub:$(seq -s, 60 -1 1)/$(seq -s, 61 100)
> psub:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100: preperiod 101, period 1
> proof: checked for every x in [0, 224]; from pile 100 on an outcome depends only on the 100 before it, and piles [125, 224] repeat piles [124, 223] (theorem in src/games/psub.c)
> outcomes of piles 101 to 101: L

$ nimber period psub:$(seq -s, 1 60)/$(seq -s, 61 100) --json
> {"game":"psub:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100","preperiod":101,"period":1,"outcomes":"L","checked_to":224}

$ nimber table psub:$(seq -s, 1 60)/$(seq -s, 61 100) --to 3 --json
> {"game":"psub:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100","from":0,"to":3,"outcomes":"PLLL"}

$ nimber play psub:$(seq -s, 1 60)/$(seq -s, 61 100) 1
< quit
> playing psub:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100 from 1. You are Left; you move first.
> Type a move, or hint, moves, help, quit.
> position: 1  (Left to move)
> your move> you resign: the engine wins

# Text quoted in a message is cut visibly, with its length, and shows odd bytes as \xNN.
$ nimber value psub:$(seq -s, 1 60)/$(seq -s, 61 100),0 5
! nimber: game 'psub:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23...' (298 bytes in all): expected an amount (an integer from 1 to 4194304), found '0'
? 64

$ nimber value $(printf 'x%.0s' $(seq 100)) 1
! nimber: unknown game 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 bytes in all) (see 'nimber games')
? 64

$ nimber value "$(printf 'div:2,3\tx')" 1
! nimber: game 'div:2,3\x09x': expected a divisor (an integer from 2 to 2^64-1), found '3\x09x'
? 64

# Positions too: a long token is quoted cut, with its length; an escape sequence is shown, not run.
$ nimber value twothree 1 $(printf '9%.0s' $(seq 100))
! nimber: argument 3: expected a heap (an integer from 1 to 2^64-1), found '9999999999999999999999999999999999999999999999999999999999999999...' (100 bytes in all)
? 64

$ nimber value psub:1/2 "$(printf 'a\033[31mred')"
! nimber: argument 2: expected a pile (an integer from 0 to 2^63-1), found 'a\x1b[31mred'
? 64

# --- Defect 4: a failed write is never exit 0, and streams stop at the first one ---------------

$ nimber --help > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ nimber --version > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ nimber games > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ nimber value twothree 1 2 5 > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ nimber moves twothree 1 2 5 --json > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ nimber period twothree > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ nimber table twothree --to 40 --runs --json > /dev/full
! nimber: cannot write the output: No space left on device
? 74

# 13108 answers are 65540 bytes: the 64 KiB buffer fails first, the last 4 bytes then flush
# without error; the error flag still says the output was lost.
$ (echo 13108; yes '1 1' | head -n 13108) | nimber solve twothree > /dev/full
! nimber: cannot write the output: No space left on device
? 74

# Answers before a data error, lost: both failures are reported; the data error's status stays.
$ nimber solve twothree > /dev/full
< 2
< 1
< 1
! nimber: <stdin>:4:1: expected the number of values n, from 1 to 1000000000, found end of input (test case 2 of 2 is incomplete)
! nimber: cannot write the output: No space left on device
? 65

# Streams stop at the first failed write: a table of 10^8 sizes (the most a table lists) and
# 10^9 test cases end at once (timeout: each would run for seconds or minutes otherwise), on a
# full disk or a closed pipe (SIGPIPE ignored, so the write fails with EPIPE).
$ timeout 20 $NIMBER table twothree --to 100000000 > /dev/full
! nimber: cannot write the output: No space left on device
? 74

$ trap '' PIPE; timeout 20 $NIMBER table twothree --to 100000000 | head -n 2; echo "status ${PIPESTATUS[0]}"
> 1  0
> 2  *1
> status 74
! nimber: cannot write the output: Broken pipe

$ trap '' PIPE; (echo 1000000000; yes '1 5' 2>/dev/null) | timeout 20 $NIMBER solve twothree | head -n 1; echo "status ${PIPESTATUS[1]}"
> Nino
> status 74
! nimber: cannot write the output: Broken pipe

$ trap '' PIPE; (echo 1000000000; yes '1 III' 2>/dev/null) | timeout 20 $NIMBER solve gurdurr | head -n 1; echo "status ${PIPESTATUS[1]}"
> First
> status 74
! nimber: cannot write the output: Broken pipe

$ nimber play twothree 5 > /dev/full
< 5/2
! nimber: cannot write the output: No space left on device
? 74

# solve's help names the new exit status (and is built at its true length, not in 2 KiB).
# table --help, with the JSON limit, is in explore.t.
$ nimber solve --help
> usage: nimber solve FORMAT [FILE]
> 
> Reads a contest input from FILE (default: standard input; '-' too) and
> prints the answers in the contest's format. FORMAT is a contest's name or the
> game it poses. Formats:
>   twothree   Two and Three (Gym 104287J): t; per case n, then n heaps; Nino or Miku (div:2,3)
>   gurdurr    Gurdurr (Gym 102341G): t; per tower n, then n layers top to bottom; First or Second (tower)
>   nimplus    Nim plus (Gym 102878G): n m, then Long Long's m amounts, then Mao Mao's; Long Long nb! or Mao Mao nb! (psub)
> 
> Bad input stops with 'nimber: FILE:LINE:COL: expected ..., found ...' and exit status 65.
> A failed write stops at once with exit status 74.

# --- Defect 5: a failing --json command prints nothing, or a complete object -------------------

# 25 III layers are beyond the tower evaluator: the header used to be printed before the failure.
$ nimber moves gurdurr $(yes III | head -n 25) --json
! nimber: a run of 25 layers of III, II. or .II, none next to .I., is longer than the evaluator's limit of 24 (its tables would need 128 MiB)
? 64

$ nimber moves gurdurr $(yes III | head -n 25)
! nimber: a run of 25 layers of III, II. or .II, none next to .I., is longer than the evaluator's limit of 24 (its tables would need 128 MiB)
? 64

# table --json is built in memory and printed whole: past its 64 MiB limit it prints nothing.
# (psub:1/2 has period 3, so every run is one pile: 1,048,574 runs of 64 bytes reach the limit.)
$ nimber table psub:1/2 --from 100000000000000000 --to 100000000001100000 --runs --json
~ slow
! nimber: table: the JSON output would exceed 64 MiB, the most built in memory (JSON is printed whole or not at all), after 1048574 entries; narrow --from/--to, or use --runs or the streamed text output
? 65

# --- Defect 8: play reads lines at their true length --------------------------------------------

# A NUL byte is an ordinary bad character: refused, shown as \x00, and it does not make a known
# word or move ("5/2\0junk" is not 5/2, "quit\0" is not quit); the next line is read as usual.
$ nimber play twothree 5 < <(printf 'a\0b\n5/2\0junk\nquit\0\n\0\n5/2')
> playing div:2,3 from 5; you move first.
> Type a move, or hint, moves, help, quit.
> position: 5
> your move> illegal move 'a\x00b': not a legal move here (type 'moves' to list them)
> your move> illegal move '5/2\x00junk': not a legal move here (type 'moves' to list them)
> your move> illegal move 'quit\x00': not a legal move here (type 'moves' to list them)
> your move> illegal move '\x00': not a legal move here (type 'moves' to list them)
> your move> you play 5/2  ->  2
> position: 2
> engine plays 2/2  ->  1
> position: 1
> you have no move: the engine wins

# A line of 1024 bytes is read (and refused as a move); one of 1025 is too long, and the line
# after it is the next answer.
$ nimber play twothree 5 < <(printf '%01024d\n%01025d\n5/2\n' 0 0)
> playing div:2,3 from 5; you move first.
> Type a move, or hint, moves, help, quit.
> position: 5
> your move> illegal move '0000000000000000000000000000000000000000000000000000000000000000...' (1024 bytes in all): not a legal move here (type 'moves' to list them)
> your move> line too long: 1025 bytes, more than the 1024 a line may hold; not a move (type 'moves' to list them)
> your move> you play 5/2  ->  2
> position: 2
> engine plays 2/2  ->  1
> position: 1
> you have no move: the engine wins
