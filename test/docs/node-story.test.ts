/**
 * One Node.js story. The sentence the code states (src/node-support.ts) is the one
 * the README, CONTRIBUTING, the operations page and the CHANGELOG say, with no other Node.js version
 * claimed beside it; package.json's engines, the Dockerfile and CI name the same line; and the oldest
 * Node.js kiroku admits to running on is no older than any production dependency declares.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  nodeSupportSentence,
  nodeVerdict,
  parseVersion,
  RUNNABLE_FROM,
  supportedNode,
} from '#src/node-support.js';
import { REPO_ROOT, readDoc, section } from './markdown.js';

const DOCS = ['README.md', 'CONTRIBUTING.md', 'docs/operations.md'];
/** A Node.js version claimed in prose: "Node.js 22", "Node 20.18". */
const NODE_CLAIM = /\bNode(?:\.js)? \d+(?:\.\d+)*/g;

function claimsOutside(text: string, sentence: string): string[] {
  return [...text.split(sentence).join('').matchAll(NODE_CLAIM)].map((m) => m[0]);
}

describe('one sentence about Node.js', () => {
  const sentence = nodeSupportSentence();

  it.each(DOCS)('%s says it, and claims no other Node.js version', (file) => {
    const text = readDoc(file).replace(/\s*\n\s*/g, ' ');
    expect(text).toContain(sentence);
    expect(claimsOutside(text, sentence)).toEqual([]);
  });

  it('the CHANGELOG says it in the unreleased notes', () => {
    const unreleased = section(readDoc('CHANGELOG.md'), '[Unreleased]').replace(/\s*\n\s*/g, ' ');
    expect(unreleased).toContain(sentence);
  });

  it('package.json, the Dockerfile and CI name the same line', () => {
    const { major, from } = supportedNode();
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`^${from}`);
    const dockerfile = readDoc('Dockerfile');
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)\.(\d+)\.(\d+)/gm)];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(Number(image[1])).toBe(major);
      expect(
        compareVersions(
          parseVersion(`${image[1]}.${image[2]}.${image[3]}`) ?? [0, 0, 0],
          parseVersion(from) ?? [0, 0, 0],
        ),
      ).toBeGreaterThanOrEqual(0);
    }
    expect(readDoc('.ci/run')).toMatch(new RegExp(`^NODE_MAJOR=${major}$`, 'm'));
  });

  it('runs on no Node.js older than a production dependency declares', () => {
    const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; engines?: { node?: string } }>;
    };
    const floor = parseVersion(RUNNABLE_FROM) ?? [0, 0, 0];
    for (const [name, entry] of Object.entries(lock.packages)) {
      if (!name || entry.dev || !entry.engines?.node) continue;
      // The lowest version the range names is the oldest the package says it runs on.
      const versions = [...entry.engines.node.matchAll(/(\d+)(?:\.(\d+))?(?:\.(\d+))?/g)].map(
        (m) => [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] as const,
      );
      const lowest = versions.sort(compareVersions)[0];
      if (lowest)
        expect(compareVersions(floor, lowest), `${name} ${entry.engines.node}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('supports the line, warns below or beyond it, refuses what cannot run it', () => {
    const { major, from } = supportedNode();
    expect(nodeVerdict(from).kind).toBe('supported');
    expect(nodeVerdict(`${major}.99.0`).kind).toBe('supported');
    expect(nodeVerdict(`${major + 2}.0.0`).kind).toBe('unsupported');
    expect(nodeVerdict('20.20.2').kind).toBe('unsupported');
    expect(nodeVerdict(RUNNABLE_FROM).kind).toBe('unsupported');
    expect(nodeVerdict('20.16.0').kind).toBe('too-old');
    expect(nodeVerdict('18.19.0')).toMatchObject({
      reason: expect.stringContaining(`needs Node.js ${RUNNABLE_FROM}`),
    });
  });
});
