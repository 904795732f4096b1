// The shell scripts `venue completion <shell>` prints. Each is a thin shim:
// at every TAB it hands the words up to the cursor to `venue __complete`
// (candidates.ts), so the tree, option values, profiles and ids are worked
// out in one place, the same for every shell. A last line `:files` asks the
// shell to complete file names instead.

export const bash = `# venue completion for bash: eval "$(venue completion bash)"
_venue_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" line="\${COMP_LINE:0:COMP_POINT}" candidate value prefix files=0
  local -a words candidates
  # Called without a command line (by hand, or by another completion): the words bash split.
  [[ -n $COMP_LINE ]] || line="\${COMP_WORDS[*]:0:COMP_CWORD+1}"
  # The words as typed up to the cursor: COMP_WORDS also splits at "=" and ":".
  read -r -a words <<< "$line"
  [[ $line =~ [[:space:]]$ ]] && words+=("")
  (( \${#words[@]} )) || return 0
  # bash replaces only its own last word (after "=" or ":"): what precedes it is taken off each candidate.
  prefix="\${words[\${#words[@]}-1]}"
  prefix="\${prefix%"$cur"}"
  mapfile -t candidates < <(venue __complete -- "\${words[@]:1}" 2>/dev/null)
  COMPREPLY=()
  for candidate in "\${candidates[@]}"; do
    if [[ $candidate == :files ]]; then files=1; continue; fi
    value="\${candidate%%$'\\t'*}"
    [[ -n $value && $value == "$prefix"* ]] && COMPREPLY+=("\${value#"$prefix"}")
  done
  if (( files )); then
    compopt -o filenames 2>/dev/null
    mapfile -t -O \${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "$cur")
  fi
  return 0
}
complete -F _venue_complete venue
`;

export const zsh = `#compdef venue
# venue completion for zsh: eval "$(venue completion zsh)"
_venue() {
  local -a lines described
  local line value description files=0
  lines=("\${(@f)$(venue __complete -- "\${(@)words[2,CURRENT-1]}" "$PREFIX" 2>/dev/null)}")
  for line in "\${lines[@]}"; do
    [[ -z $line ]] && continue
    if [[ $line == :files ]]; then files=1; continue; fi
    value=\${line%%$'\\t'*}
    description=''
    [[ $line == *$'\\t'* ]] && description=\${line#*$'\\t'}
    described+=("\${value//:/\\\\:}\${description:+:$description}")
  done
  (( \${#described} )) && _describe -t venue-values 'venue' described
  (( files )) && _files
  return 0
}
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit; }
compdef _venue venue
`;

export const fish = `# venue completion for fish: venue completion fish | source
function __venue_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l current (commandline -ct)
    set -l files 0
    for line in (venue __complete -- $words "$current" 2>/dev/null)
        if test "$line" = ':files'
            set files 1
        else
            printf '%s\\n' $line
        end
    end
    if test $files = 1
        __fish_complete_path "$current"
    end
end
complete -c venue -e
complete -c venue -f -a '(__venue_complete)'
`;

export const completionScripts: Record<string, string> = { bash, zsh, fish };
