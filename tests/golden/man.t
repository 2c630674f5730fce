# The manual page build/nimber.1, generated at build time from the --help texts by
# tools/gen_man.c (template tools/nimber.1.in). groff (Debian: groff-base) renders it.
# Every case is marked `~ once`: the page is the same in every build, so the sanitizer run,
# which also runs each command's --help in golden/cli.t, leaves it to the Release run.

# It renders without a warning (-ww: every warning on).
$ groff -man -Tutf8 -ww "$(dirname "$NIMBER")/nimber.1" 2>&1 >/dev/null; echo rendered
~ once
> rendered

$ groff -man -Tutf8 -ww "$(dirname "$NIMBER")/nimber.1" 2>/dev/null | col -bx | head -n 1 | tr -s ' '
~ once
> NIMBER(1) User Commands NIMBER(1)

# Every command of `nimber --help` has its subsection, and every option of every command's
# help, the global ones and every game family appear in the rendered page.
$ man=$(groff -man -Tutf8 "$(dirname "$NIMBER")/nimber.1" 2>/dev/null | col -bx); for c in $(nimber --help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\).*/\1/p'); do grep -q "^   $c\$" <<<"$man" || echo "no section for $c"; for o in $(nimber "$c" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do grep -qe "$o" <<<"$man" || echo "$c: $o missing"; done; done; for o in --load --version; do grep -qe "$o" <<<"$man" || echo "$o missing"; done; for g in $(nimber games --names); do grep -q "$g" <<<"$man" || echo "game $g missing"; done; echo checked
~ once
> checked

# The version is the command's.
$ grep -c "^.TH NIMBER 1 \"\" \"$(nimber version)\"" "$(dirname "$NIMBER")/nimber.1"
~ once
> 1

# Options are escaped as \- so that they render, and copy, as the ASCII hyphens typed.
$ grep -c -e '^\\fB\\-\\-remoteness\\fR$' "$(dirname "$NIMBER")/nimber.1"; groff -man -Tutf8 "$(dirname "$NIMBER")/nimber.1" 2>/dev/null | col -bx | grep -e '^       --remoteness$'
~ once
> 1
>        --remoteness

# DESCRIPTION does not repeat the tagline NAME gives (issue 18), and a game's long synopsis wraps
# under its name with a hanging indent, not to the margin.
$ groff -man -Tutf8 "$(dirname "$NIMBER")/nimber.1" 2>/dev/null | col -bx | grep -c 'a fast, verified engine'
~ once
> 1

$ groff -man -Tutf8 "$(dirname "$NIMBER")/nimber.1" 2>/dev/null | col -bx | sed -n '/^GAMES/,$p' | grep -A1 '^       psub:A/B'
~ once
>        psub:A/B
>               partizan subtraction: Left removes an amount in A, Right one in
