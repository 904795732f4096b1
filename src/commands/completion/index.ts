import type { Command } from 'commander';
import { UsageError } from '../../lib/errors.js';
import { defineCommand } from '../define.js';

interface Node {
  path: string[];
  words: string[];
  options: string[];
}

/** Every command path with the words and options that may follow it. */
function walk(cmd: Command, path: string[] = [], out: Node[] = []): Node[] {
  const sub = cmd.commands.filter((c) => c.name() !== 'help');
  out.push({
    path,
    words: sub.map((c) => c.name()),
    options: cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))),
  });
  for (const child of sub) walk(child, [...path, child.name()], out);
  return out;
}

function bash(nodes: Node[]): string {
  const cases = nodes
    .map((n) => `    "${n.path.join(' ')}") words="${[...n.words, ...n.options].join(' ')}" ;;`)
    .join('\n');
  return `# venue completion for bash: eval "$(venue completion bash)"
_venue_complete() {
  local cur path="" w
  cur="\${COMP_WORDS[COMP_CWORD]}"
  for w in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$w" in -*) ;; *) path="\${path:+$path }$w" ;; esac
  done
  local words=""
  case "$path" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$words --help" -- "$cur") )
}
complete -F _venue_complete venue
`;
}

function zsh(nodes: Node[]): string {
  return `#compdef venue
# venue completion for zsh: eval "$(venue completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash(nodes)}`;
}

function fish(nodes: Node[]): string {
  const lines = ['# venue completion for fish: venue completion fish | source', 'complete -c venue -f'];
  for (const node of nodes) {
    const condition =
      node.path.length === 0
        ? '__fish_use_subcommand'
        : `__fish_seen_subcommand_from ${node.path[node.path.length - 1]}`;
    for (const word of node.words) lines.push(`complete -c venue -n '${condition}' -a '${word}'`);
    for (const option of node.options.filter((o) => o.startsWith('--'))) {
      lines.push(`complete -c venue -n '${condition}' -l '${option.slice(2)}'`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export default defineCommand({
  name: 'completion',
  args: '<shell>',
  summary: 'Print a completion script for bash, zsh or fish',
  examples: ['eval "$(venue completion bash)"', 'venue completion fish > ~/.config/fish/completions/venue.fish'],
  async run(ctx, _options, shell) {
    const generators: Record<string, (nodes: Node[]) => string> = { bash, zsh, fish };
    const generate = generators[shell!];
    if (!generate) throw new UsageError(`shell must be bash, zsh or fish (got "${shell}")`);
    const { buildProgram } = await import('../../cli.js');
    const { venueVersion } = await import('../../lib/version.js');
    const program = await buildProgram([], {
      streams: { stdin: ctx.terminal.stdin, stdout: ctx.terminal.stdout, stderr: ctx.terminal.stderr },
      env: ctx.env,
      version: venueVersion(),
      loadAll: true,
    });
    ctx.terminal.write(generate(walk(program)));
  },
});
