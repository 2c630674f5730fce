# Sourced by tests/golden/completion.t: the bash completion (tools/nimber.bash) and a driver.
# complete_line 'nimber tab' sets what bash sets before calling the completion function for
# that line, the cursor at its end (COMP_LINE, COMP_POINT, COMP_WORDS split as bash splits them,
# COMP_CWORD), runs _nimber and prints the candidates, one a line, sorted.
source tools/nimber.bash
complete_line() {
  COMP_LINE=$1
  COMP_POINT=${#1}
  local IFS=$' \t\n'"${COMP_WORDBREAKS//[ $'\t\n']/}"
  read -ra COMP_WORDS <<<"$1"
  [[ $1 =~ [[:space:]]$ ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  _nimber
  [ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort
}
