# The streaming reader through the contest front ends: tokens that cross the reader's 64 KiB
# chunk boundary (issue 11, defect 1) and NUL bytes (defect 2). Inputs are built by the shell:
# white space pushes a token with 100 leading zeros across the first chunk's end (65,600 bytes
# from the start), where the old reader split it in two.

# The silent wrong answer of issue 11: 000...044 ends at byte 65,600, where the old reader cut
# it into 4 and 4; the second 4 then became case 2's count, and both cases were valid: it
# printed Nino, Nino with exit 0. Case 1 is 1, 1, 44 (values 0, 0, 0): Miku.
$ { printf '2\n3\n'; printf '%65493s' ''; printf '1 1 %0100d\n3\n5 6 7\n' 44; } | nimber solve twothree
> Miku
> Nino

# The same token one chunk-refill later still is 44.
$ { printf '1\n3\n'; printf '%65480s' ''; printf '1 1 %0100d\n' 44; } | nimber solve twothree
> Miku

# The same input with the heap 44 replaced by 80 (value *1): the first player wins.
$ { printf '1\n3\n'; printf '%65480s' ''; printf '1 1 %0100d\n' 80; } | nimber solve twothree
> Nino

# Nim plus: an amount crossing the boundary is one amount, not two (which left the input one
# amount short and was accepted): n = 20, Long Long has 3, 7, 10, Mao Mao 2, 6, 7.
$ { printf '20 3\n3 7 '; printf '%65480s' ''; printf '%0100d\n2 6 7\n' 10; } | nimber solve nimplus
> Long Long nb!

# Gurdurr: the layer count crossing the boundary (III over II. is worth 0; III alone *2).
$ { printf '1\n'; printf '%65490s' ''; printf '%0100d\nIII\nII.\n' 2; } | nimber solve gurdurr
> Second

$ { printf '1\n'; printf '%65490s' ''; printf '%0100d\nIII\n' 1; } | nimber solve gurdurr
> First

# A number of 300,000 leading zeros spans several chunks and is still one number.
$ { printf '1\n1\n'; printf '%0300000d\n' 6; } | nimber solve twothree
> Miku

# NUL is an ordinary bad byte, shown as \x00 (it once ended the token and the message).
$ printf '1\n1\nIII\0XYZ\n' | nimber solve gurdurr
! nimber: <stdin>:3:1: expected a layer (III, II., .II, I.I or .I.), found 'III\x00XYZ'
? 65

$ printf '1\n2\n5 7\0\n' | nimber solve twothree
! nimber: <stdin>:3:3: expected a value from 1 to 18446744073709551615, found '7\x00'
? 65
