#!/usr/bin/env bash
# The thermograph's SVG as a browser shows it: usage run.sh NIMBER_BINARY   (CTest)
#
# Where Chromium is installed (Debian's package chromium; not needed otherwise: the test is then
# skipped, exit 77), `nimber plot --thermograph` of {4|{2|-3}} is put inline in a page whose
# script asks the browser for the box it laid out for each wall and the mast (getBBox), and
# headless Chromium prints the page after the script ran (--dump-dom). Each must have been drawn
# with a size: a picture the browser cannot read, or drew empty, fails. xmllint and a parser
# check the same SVG's form and content in tests/golden/thermograph.t.
set -uf
bin=${1:?usage: run.sh NIMBER_BINARY}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "render: no chromium on this machine: skipped"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" plot --thermograph cg '{4|{2|-3}}' >"$tmp/t.svg" || { echo "FAIL: plot exited $?"; exit 1; }
{
  echo '<!DOCTYPE html><html><body>'
  grep -v '^<?xml' "$tmp/t.svg"
  cat <<'PAGE'
<script>
const seen = [];
for (const part of ["left", "right", "mast"]) {
  const e = document.querySelector("svg ." + part);
  const box = e ? e.getBBox() : null;
  seen.push(part + ":" + (box && box.width + box.height > 0 ? "drawn" : "missing"));
}
document.body.setAttribute("data-result", seen.join(" "));
</script></body></html>
PAGE
} >"$tmp/page.html"
out=$(timeout 60 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
  --dump-dom "file://$tmp/page.html" 2>"$tmp/err")
want='data-result="left:drawn right:drawn mast:drawn"'
if [[ $out != *"$want"* ]]; then
  echo "FAIL: the browser did not draw the thermograph's walls and mast"
  echo "$out" | grep -o 'data-result="[^"]*"' || sed 's/^/  chromium: /' "$tmp/err" | tail -5
  exit 1
fi
echo "render: $want"
