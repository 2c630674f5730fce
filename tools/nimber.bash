# bash completion for nimber (installed as share/bash-completion/completions/nimber).
#
# Completes the commands, each command's options, game names (families and aliases, from
# `nimber games --names`, with the plug-ins of any --load on the line), contest formats (from
# `nimber solve --help`), left|right for the side options and file names where a file is
# expected. Everything comes from the nimber being completed, so the lists never go stale: the
# commands from `nimber --help`, a command's options and which of them take a value from
# `nimber COMMAND --help`.
#
# The line is read from COMP_LINE up to the cursor, split at white space, so that "div:2,3"
# and "--to=5" stay one word each (bash's own COMP_WORDS splits them at ':' and '=').

# _nimber_options all|valued NIMBER [--load P]... COMMAND: the options of a command (from its
# help), one a line; with "valued", only those taking a value ("--to N", "-o FILE",
# "--player left|right").
_nimber_options() {
  local mode=$1 help
  shift
  help=$("$@" --help 2>/dev/null) || return
  if [[ $mode == valued ]]; then
    grep -oE -- '(-[a-z]|--[a-z][a-z-]*)( [A-Z][A-Z.]*| left\|right)' <<<"$help" | cut -d' ' -f1
  else
    grep -oE -- '--[a-z][a-z-]*' <<<"$help"
    echo --help
  fi | sort -u
}

_nimber() {
  local line=${COMP_LINE:0:COMP_POINT} words=() prog
  read -ra words <<<"$line"
  [[ $line =~ [[:space:]]$ || ${#words[@]} -eq 0 ]] && words+=("")
  local n=${#words[@]}
  local cur=${words[n - 1]} prev=""
  ((n > 1)) && prev=${words[n - 2]}
  prog=${words[0]}
  COMPREPLY=()

  # Options before the command: --load PLUGIN.so (repeatable), kept for the game names.
  local i=1 loads=()
  while ((i < n - 1)); do
    case ${words[i]} in
      --load) loads+=(--load "${words[i + 1]}"); ((i += 2)) ;;
      --load=*) loads+=("${words[i]}"); ((i += 1)) ;;
      *) break ;;
    esac
  done
  if ((i == n - 1)); then # the command itself
    if [[ $prev == --load ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    elif [[ $cur == -* ]]; then
      mapfile -t COMPREPLY < <(compgen -W "--load --help --version" -- "$cur")
    else
      local commands
      commands=$("$prog" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\).*/\1/p')
      mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
    fi
    return
  fi
  local cmd=${words[i],,} valued
  valued=$(_nimber_options valued "$prog" "${loads[@]}" "$cmd")

  # The value of an option.
  if [[ -n $prev && $'\n'$valued$'\n' == *$'\n'$prev$'\n'* ]]; then
    case $prev in
      --player) mapfile -t COMPREPLY < <(compgen -W "left right" -- "$cur") ;;
      -o | --output)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        ;;
    esac
    return
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_nimber_options all "$prog" "${loads[@]}" "$cmd")" -- "$cur")
    return
  fi

  # Which argument this is: words after the command, less options and their values.
  local arg=0 j=$((i + 1)) after_dashes=0
  while ((j < n - 1)); do
    local w=${words[j]}
    if ((after_dashes)) || [[ $w != -* || $w == - ]]; then
      ((arg += 1))
    elif [[ $w == -- ]]; then
      after_dashes=1
    elif [[ $w != *=* && $'\n'$valued$'\n' == *$'\n'$w$'\n'* ]]; then
      ((j += 1)) # its value
    fi
    ((j += 1))
  done
  case $cmd in
    value | compare | moves | play | table | period | plot | quotient)
      if ((arg == 0)); then
        mapfile -t COMPREPLY < <(compgen -W "$("$prog" "${loads[@]}" games --names 2>/dev/null)" -- "$cur")
      fi
      ;;
    solve)
      if ((arg == 0)); then
        local formats
        formats=$("$prog" solve --help 2>/dev/null | sed -n '/Formats:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
        mapfile -t COMPREPLY < <(compgen -W "$formats" -- "$cur")
      elif ((arg == 1)); then
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      fi
      ;;
    help)
      if ((arg == 0)); then
        local commands
        commands=$("$prog" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\).*/\1/p')
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
      fi
      ;;
  esac
}

complete -F _nimber nimber
