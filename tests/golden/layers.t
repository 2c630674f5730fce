# Dependencies point down only (docs/ARCHITECTURE.md). These cases read the sources, from the
# repository's root: each grep must find nothing (exit status 1).

# The short-game algebra (src/cgt) includes the public headers, base/ and its own headers only:
# nothing from core/, games/, theory/, contest/ or cli/, not even internal.h.
$ grep -n '#include "' src/cgt/*.c src/cgt/*.h | grep -v '"base/[a-z]*\.h"\|"cgt/[a-z]*\.h"\|"nimber_cgt\.h"'
? 1

# The base layer includes nimber.h and its own headers only.
$ grep -n '#include "' src/base/*.c src/base/*.h | grep -v '"base/[a-z]*\.h"\|"nimber\.h"'
? 1

# The installed algebra header needs only nimber.h.
$ grep -n '#include' include/nimber_cgt.h | grep -v '"nimber\.h"'
? 1

# The grid layer (src/grid) includes internal.h and its own headers only (grid.h, strip.h): no
# family, no core module, nothing above it.
$ grep -n '#include "' src/grid/*.c src/grid/*.h | grep -v '"internal\.h"\|"grid/[a-z]*\.h"'
? 1
