# nimber plot --thermograph GAME POSITION...: the thermograph of a partizan position as SVG
# (src/cli/thermoplot.c). Temperature upward, values growing to the left (Left's side), as
# Winning Ways and CGSuite draw it; the walls' corners are those `value --json` prints.

# well formed (xmllint, and python3's XML parser), with both walls, the mast and the foot
$ nimber plot --thermograph cg '{4|{2|-3}}' | xmllint --noout - && echo well-formed
> well-formed

$ nimber plot --thermograph cg '{4|{2|-3}}' | python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.stdin).getroot(); n = "{http://www.w3.org/2000/svg}"; print(sorted(e.get("class") for e in r.iter() if e.get("class") in ("left", "right", "mast", "foot")))'
> ['foot', 'foot', 'left', 'mast', 'right']

# {4|{2|-3}}: LW(t) = 4 - t and RW(t) = 2 meet at t = 2, value 2 (Winning Ways ch. 6)
$ nimber plot --thermograph cg '{4|{2|-3}}' | grep -o 'class="caption"[^<]*\|<title>[^<]*'
> class="caption" x="80" y="22" font-size="14" fill="#111">Thermograph of cg {4|{2|-3}}
> class="caption" x="80" y="42" font-size="12" fill="#444">mean 2, temperature 2; left stop 4, right stop 2; left wall blue, right wall red
> <title>left wall: (5 at -1) (2 at 2)
> <title>right wall: (2 at -1) (2 at 2)
> <title>mast at 2 from temperature 2

# the walls drawn are the ones value --json gives, corner by corner (a sum of two regions)
$ diff <(nimber plot --thermograph domineering '..../....' '.../...' | sed -n 's#.*<title>\(left\|right\) wall: \(.*\)</title>.*#\1 \2#p' | sed 's/) (/ /g; s/[()]//g') <(nimber value domineering '..../....' '.../...' --json | python3 -c 'import json, sys; t = json.load(sys.stdin)["thermograph"]; [print(s, " ".join(v + " at " + u for v, u in t[s])) for s in ("left", "right")]') && echo same walls
> same walls

# values grow to the left: the left wall's corner at t = -1 (value 5) is left of the right
# wall's (value 2), and slopes are drawn at 45 degrees (one scale for both axes)
$ nimber plot --thermograph cg '{4|{2|-3}}' | sed -n 's|.*class="left".*points="\([0-9.]*\),\([0-9.]*\) \([0-9.]*\),\([0-9.]*\)".*|\1 \2 \3 \4|p' | awk '{ print ($1 < $3), (($3 - $1) - ($2 - $4))^2 < 0.01 }'
> 1 1

# readable ticks: powers of two apart, exact dyadics
$ nimber plot --thermograph cg '{1/8|-1/16}' | grep -o 'class="ttick"[^>]*>[^>]*>[^<]*' | sed 's/.*>//' | paste -sd ' '
> -1 -3/4 -1/2 -1/4 0 1/4 1/2 3/4

# near 2^62 the values are drawn relative to the mean's floor, so a wall of slope 1 is still drawn
# at 45 degrees (doubles alone resolve 512 there), and the labels stay exact
$ nimber plot --thermograph cg '{2305843009213693952|2305843009213693951}' | sed -n 's|.*class="left".*points="\([0-9.]*\),\([0-9.]*\) \([0-9.]*\),\([0-9.]*\)".*|\1 \2 \3 \4|p' | awk '{ print ($1 < $3), (($3 - $1) - ($2 - $4))^2 < 0.01 }'
> 1 1

$ nimber plot --thermograph cg 4611686018427387904 | grep -o 'class="vtick"[^>]*>[^>]*>[^<]*' | sed 's/.*>//' | paste -sd ' '
> 4611686018427387903 4611686018427387903+1/2 4611686018427387904 4611686018427387904+1/2 4611686018427387905

# x + *, x + ^ for a number x that is not an integer: below t = -1/2 the walls follow 1/2's own
# (cooling 1/2* by -1 gives {{2|1}|{0|-1}}, stops 1 and 0; before the fix the integer's rule drew
# them slanted to 3/2 and -1/2: tests/test_thermograph.c)
$ nimber value cg '1/2^' --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["thermograph"])'
> {'left': [['1', '-1'], ['1', '-1/2'], ['1/2', '0']], 'right': [['0', '-1'], ['1/2', '-1/2'], ['1/2', '0']]}

$ nimber value cg '1/2*' --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["thermograph"])'
> {'left': [['1', '-1'], ['1', '-1/2'], ['1/2', '0']], 'right': [['0', '-1'], ['0', '-1/2'], ['1/2', '0']]}

# a number: the mast alone, from t = -1
$ nimber plot --thermograph cg 3 | grep -o '<title>[^<]*'
> <title>left wall: (3 at -1)
> <title>right wall: (3 at -1)
> <title>mast at 3 from temperature -1

# a long position is shortened to fit the picture's width (84 characters at 14 px)
$ nimber plot --thermograph cg '{10|{9|{8|{7|{6|{5|{4|{3|{2|{1|0}}}}}}}}}}' '{10|{9|{8|{7|{6|{5|{4|{3|{2|{1|0}}}}}}}}}}' | grep -o 'font-size="14" fill="#111">[^<]*' | sed 's/.*>//' | awk '{ print length($0), substr($0, length($0) - 2) }'
> 84 ...

# written to a file
$ d=$(mktemp -d) && nimber plot --thermograph cg '+-1' -o "$d/t.svg" && xmllint --noout "$d/t.svg" && echo written; rm -rf "$d"
> written

# rendered by a browser where one is installed (headless Chromium): a picture, not an error
$ b=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true); if [ -n "$b" ]; then d=$(mktemp -d); nimber plot --thermograph cg '{4|{2|-3}}' -o "$d/t.svg"; timeout 60 "$b" --headless --disable-gpu --no-sandbox --screenshot="$d/t.png" --window-size=760,540 "file://$d/t.svg" >/dev/null 2>&1; [ -s "$d/t.png" ] && echo rendered; rm -rf "$d"; else echo rendered; fi
~ slow
> rendered

# errors
$ nimber plot --thermograph kayles 3
! nimber: plot: --thermograph draws partizan games; kayles is impartial (a position's thermograph is the mast at 0: its value is a nimber) (see 'nimber plot --help')
? 64

$ nimber plot --thermograph cg
! nimber: plot: --thermograph expects a game and a position (see 'nimber plot --help')
? 64

$ nimber plot --thermograph cg 3 --to 4
! nimber: plot: --thermograph draws one position; --to and --from plot sizes (see 'nimber plot --help')
? 64

$ nimber plot --thermograph cg '{1|'
! nimber: argument 2: column 4: expected '}', found end of text
? 64

$ nimber plot --thermograph cg '{4611686018427387904|-1}'
! nimber: thermograph out of range: a value needs more than 64 bits
? 65
