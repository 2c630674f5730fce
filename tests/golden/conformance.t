# The conformance test (tests/test_conformance.c) on the misfit families of
# tests/plugins/misfit.c alone ($NB_CONFORMANCE is the test's binary): each breach is reported as
# a failed check and the test ends with status 1, never a crash nor a read past its own arrays.
#   stray: its sample names nim: refused, not run with the wrong family's hooks;
#   tight: move_bound 0 on the sizes its sample does not reach: the moves of sized components are
#          checked before the searches, which trust the bound, value them;
#   liar:  min_length 3 from heap 3, which two moves (-2, -1) end;
#   loose: move_bound 2^40 (allowed, but no room to give): its moves noted as not checked.
$ "$NB_CONFORMANCE" "$NB_PLUGIN_DIR/misfit.so" 2>&1 | sed 's/^[^ ]*:[0-9]*: //' | grep -o "stray: nim \[1 2\]: the sample's spec names family nim\|tight \[3\]: 2 moves, beyond move_bound 0\|liar \[3\]: component 3: min_length 3, but a play of 2 moves ends it\|loose \[3\]: move_bound 1099511627776 (max_parts 1) is beyond this test's room" | uniq; echo "exit ${PIPESTATUS[0]}"
> stray: nim [1 2]: the sample's spec names family nim
> tight [3]: 2 moves, beyond move_bound 0
> liar [3]: component 3: min_length 3, but a play of 2 moves ends it
> loose [3]: move_bound 1099511627776 (max_parts 1) is beyond this test's room
> exit 1
