/**
 * The README is the way in: short, and linking every docs/ page; and no link in the project's
 * documentation points at a file or a heading that is not there.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, REPO_ROOT, readDoc, relativeLinks } from './markdown.js';

const DOCS = readdirSync(path.join(REPO_ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', ...DOCS];

describe('the documentation', () => {
  it('keeps the README within 150 lines', () => {
    expect(readDoc('README.md').split('\n').length).toBeLessThanOrEqual(150);
  });

  it('links every docs/ page from the README', () => {
    const linked = new Set(relativeLinks(readDoc('README.md')).map((link) => path.normalize(link.file)));
    expect(DOCS.length).toBeGreaterThanOrEqual(7);
    for (const page of DOCS) expect(linked, page).toContain(page);
  });

  it.each(DOCUMENTS)('%s links only to files and headings that exist', (document) => {
    for (const link of relativeLinks(readDoc(document))) {
      const target = link.file
        ? path.relative(REPO_ROOT, path.resolve(REPO_ROOT, path.dirname(document), link.file))
        : document;
      expect(existsSync(path.join(REPO_ROOT, target)), `${document} → ${target}`).toBe(true);
      if (link.anchor && target.endsWith('.md'))
        expect(anchors(readDoc(target)), `${document} → ${target}#${link.anchor}`).toContain(link.anchor);
    }
  });
});
