/** Reading the project's Markdown in tests: sections, shell blocks, links and heading anchors. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function readDoc(relativePath: string): string {
  return readFileSync(path.join(REPO_ROOT, relativePath), 'utf8');
}

/** The text under a `## heading` up to the next heading of that level. */
export function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const rest = markdown.slice(start + heading.length + 5);
  const end = rest.search(/\n## /);
  return end < 0 ? rest : rest.slice(0, end);
}

export interface ShellLine {
  command: string;
  /** The comment after `#` on the same line, if any. */
  comment: string | undefined;
}

/** Every line of the ```sh blocks, in order, split into the command and its trailing comment. */
export function shellLines(markdown: string): ShellLine[] {
  const blocks = [...markdown.matchAll(/^[ \t]*```sh\n([\s\S]*?)^[ \t]*```/gm)].map((m) => m[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(.*?)\s+#\s*(.*)$/.exec(line);
      return match ? { command: match[1] ?? '', comment: match[2] } : { command: line, comment: undefined };
    });
}

/** Relative link targets (`[text](target)`), outside code, with their anchor split off. */
export function relativeLinks(markdown: string): { file: string; anchor: string | undefined }[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('<'))
    .map((target) => {
      const [file = '', anchor] = target.split('#');
      return { file, anchor };
    });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function anchors(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}
