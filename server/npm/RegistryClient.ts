import npmFetch from 'npm-registry-fetch';
import ssri from 'ssri';
import { packageNameProblem } from '../../validation/packageSpec.ts';
import { loadNpmConfig, type NpmOptions } from './npmConfig.ts';

/** A package document as the registry serves it (the fields resolution reads). */
export interface Packument {
  name: string;
  'dist-tags': Record<string, string>;
  versions: Record<string, RegistryManifest>;
}

export type RegistryManifest = Record<string, unknown> & {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  license?: unknown;
  dist?: { tarball?: string; integrity?: string; shasum?: string; unpackedSize?: unknown };
};

/** The registry could not answer; `detail` is the registry's or npm's own words, for the log only. */
export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  constructor(
    message: string,
    readonly detail: string,
    readonly notFound = false,
  ) {
    super(message);
  }
}

const MAX_TARBALL_BYTES = 64 * 1024 * 1024;
const PACKUMENT_TTL_MS = 5 * 60_000;
const MAX_CACHED_PACKUMENTS = 300;

/**
 * Reads the configured npm registry by URL (npm's own fetch library, with the person's `.npmrc`
 * registry, proxy and auth): never a CLI, never a script, and only for names that passed the allowlist.
 */
export class RegistryClient {
  private readonly packuments = new Map<string, { at: number; doc: Promise<Packument> }>();

  constructor(private readonly options: () => Promise<NpmOptions> = loadNpmConfig) {}

  /** The package's document (cached for a few minutes: one proposal reads a package many times). */
  packument(name: string): Promise<Packument> {
    assertName(name);
    const hit = this.packuments.get(name);
    if (hit && Date.now() - hit.at < PACKUMENT_TTL_MS) return hit.doc;
    const doc = this.fetchPackument(name);
    this.packuments.delete(name);
    this.packuments.set(name, { at: Date.now(), doc });
    // Oldest first in a Map: the cache stays bounded however many names are read.
    for (const old of this.packuments.keys()) {
      if (this.packuments.size <= MAX_CACHED_PACKUMENTS) break;
      this.packuments.delete(old);
    }
    doc.catch(() => this.packuments.delete(name));
    return doc;
  }

  /** The tarball's bytes, checked against the registry's integrity hash. */
  async tarball(manifest: RegistryManifest, integrity: string): Promise<Buffer> {
    assertName(manifest.name);
    const url = manifest.dist?.tarball;
    if (!url || !/^https?:\/\//i.test(url))
      throw new RegistryError(`${manifest.name}@${manifest.version} has no tarball`, String(url));
    const opts = await this.options();
    let data: Buffer;
    try {
      const res = await npmFetch(url, { ...opts, spec: manifest.name, integrity });
      // Refused before reading when the registry says it is too large; counted as it arrives otherwise.
      if (Number(res.headers.get('content-length') ?? 0) > MAX_TARBALL_BYTES)
        throw new Error(`${res.headers.get('content-length')} bytes`);
      data = await readCapped(res.body as NodeJS.ReadableStream, MAX_TARBALL_BYTES);
    } catch (err) {
      throw new RegistryError(
        `Could not download ${manifest.name}@${manifest.version}`,
        String((err as Error).message),
      );
    }
    // make-fetch-happen checks it too; this one does not depend on a cache having done so.
    if (!ssri.checkData(data, integrity))
      throw new RegistryError(
        `${manifest.name}@${manifest.version} does not match its integrity hash`,
        integrity,
      );
    return data;
  }

  private async fetchPackument(name: string): Promise<Packument> {
    const opts = await this.options();
    try {
      const doc = (await npmFetch.json(`/${name.replace('/', '%2f')}`, {
        ...opts,
        spec: name,
        headers: { accept: 'application/json' },
      })) as unknown as Packument;
      if (!doc || typeof doc !== 'object' || typeof doc.versions !== 'object' || doc.versions === null)
        throw new Error('the registry answered without versions');
      return doc;
    } catch (err) {
      const e = err as Error & { statusCode?: number; code?: string };
      const notFound = e.statusCode === 404 || e.code === 'E404';
      throw new RegistryError(
        notFound ? `${name} is not in the npm registry` : `The npm registry did not answer for ${name}`,
        String(e.message),
        notFound,
      );
    }
  }
}

function assertName(name: string): void {
  const problem = packageNameProblem(name);
  if (problem) throw new RegistryError(`Not a package name: ${problem}`, name);
}

async function readCapped(body: NodeJS.ReadableStream, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new Error(`more than ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
