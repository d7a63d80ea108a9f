// README links: the packages' READMEs are read on npm, where a relative link leads nowhere, so they link
// absolutely into the repository that their package.json names; every link into the repository (and
// every relative one elsewhere) points at a file that exists, and every #anchor at a heading.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeFiles } from './snippets';

const root = resolve(import.meta.dirname, '../..');
const readmes = readmeFiles(root);
const packageReadmes = readmes.filter((file) => file.startsWith('packages/'));

/** The repository of both packages, as their package.json `repository` names it. */
function repositoryOf(packageDir: string): string {
  const { repository } = JSON.parse(readFileSync(join(root, packageDir, 'package.json'), 'utf8')) as {
    repository?: { url?: string };
  };
  return (repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
}
const repository = repositoryOf('packages/sdk');

interface Link {
  file: string;
  line: number;
  target: string;
}

/** Markdown links and images outside code blocks: `[text](target)`, `![alt](target)`. */
function linksOf(file: string): Link[] {
  const links: Link[] = [];
  let inCode = false;
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (/^\s*```/.test(text)) inCode = !inCode;
      if (inCode) return;
      for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        links.push({ file, line: i + 1, target: match[1] ?? '' });
      }
    });
  return links;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inCode = false;
  for (const text of readFileSync(join(root, file), 'utf8').split('\n')) {
    if (/^\s*```/.test(text)) inCode = !inCode;
    const heading = !inCode && /^#{1,6}\s+(.*)$/.exec(text);
    if (!heading) continue;
    const slug = (heading[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/**
 * The file a link points at, relative to the repository root: from a relative link, or from a link
 * to the repository's main branch; undefined for another link into the repository (a wrong branch),
 * null for links elsewhere (anchors, other sites, the issue tracker).
 */
function repositoryPath(link: Link): string | undefined | null {
  const { target } = link;
  if (target.startsWith(`${repository}/`)) {
    const rest = target.slice(repository.length);
    if (/^\/(issues|pulls)\b/.test(rest)) return null;
    return /^\/(?:blob|tree)\/main\/([^#?]*)/.exec(rest)?.[1];
  }
  if (/^(#|https?:|mailto:)/.test(target)) return null;
  return join(dirname(link.file), target.split('#')[0] ?? '');
}

/** The repository itself, a page of it, or an anchor of its README. */
const isRepositoryLink = (target: string) =>
  target === repository || target.startsWith(`${repository}/`) || target.startsWith(`${repository}#`);

const at = (link: Link) => `${link.file}:${link.line}: ${link.target}`;

describe('README links', () => {
  it('both packages name the same repository', () => {
    expect(repository).toMatch(/^https:\/\/github\.com\/[\w-]+\/[\w-]+$/);
    expect(repositoryOf('packages/mock-server')).toBe(repository);
  });

  it('package READMEs use no relative links (they are read on npm)', () => {
    expect(packageReadmes.length).toBeGreaterThan(1);
    const relativeLinks = packageReadmes
      .flatMap(linksOf)
      .filter((link) => !/^(https?:|mailto:|#)/.test(link.target))
      .map(at);
    expect(relativeLinks).toEqual([]);
  });

  it('links into the repository and relative links point at files that exist', () => {
    const links = readmes.flatMap(linksOf);
    expect(links.length).toBeGreaterThan(20);
    const broken = links
      .filter((link) => {
        const path = repositoryPath(link);
        return path !== null && (path === undefined || !existsSync(join(root, path)));
      })
      .map(at);
    expect(broken).toEqual([]);
  });

  it('links to GitHub repositories go to the one package.json names', () => {
    const elsewhere = readmes
      .flatMap(linksOf)
      .filter((link) => /^https:\/\/github\.com\/reservation-api\//.test(link.target))
      .filter((link) => !isRepositoryLink(link.target))
      .map(at);
    expect(elsewhere).toEqual([]);
  });

  it('every #anchor names a heading of its README', () => {
    const missing = readmes.flatMap((file) => {
      const anchors = anchorsOf(file);
      return linksOf(file)
        .filter((link) => link.target.startsWith('#') && !anchors.has(link.target.slice(1)))
        .map(at);
    });
    expect(missing).toEqual([]);
  });
});
