import { CodedError } from '../../validation/errorCodes.ts';
import type { RepositoryView } from '../../validation/views.ts';
import type { VersionRow } from '../store/Store.ts';
import { requireNetwork } from './appNetwork.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { contentSha256, newId } from './ids.ts';
import { checkName, checkVersionFiles } from './proposalRules.ts';

/** A repository belongs to the person who created it; its versions are immutable. */
export async function createRepository(
  d: DomainDeps,
  who: Principal,
  name: unknown,
): Promise<RepositoryView> {
  const bad = checkName(name);
  if (bad) throw new CodedError(bad.code, bad.message, bad.detail);
  const repo = { id: newId('g'), ownerId: who.personId, name: String(name).trim(), createdAt: d.now() };
  await d.store.createRepository(repo);
  return { id: repo.id, name: repo.name, created_at: new Date(repo.createdAt).toISOString(), versions: [] };
}

export async function readRepository(
  d: DomainDeps,
  who: Principal,
  repositoryId: string,
): Promise<RepositoryView> {
  const repo = await ownRepository(d, who, repositoryId);
  const versions = await d.store.listVersions(repo.id);
  return {
    id: repo.id,
    name: repo.name,
    created_at: new Date(repo.createdAt).toISOString(),
    versions: versions.map((v) => ({ id: v.id, created_at: new Date(v.createdAt).toISOString() })),
  };
}

/** Stores the files as a version whose id is their content sha256; the same files give the same version. */
export async function createVersion(
  d: DomainDeps,
  who: Principal,
  repositoryId: string,
  files: unknown,
): Promise<{ id: string; repository_id: string; file_count: number; created_at: string }> {
  const repo = await ownRepository(d, who, repositoryId);
  const bad = checkVersionFiles(files);
  if (bad) throw new CodedError(bad.code, bad.message, bad.detail);
  const map = files as Record<string, string>;
  requireNetwork(d, map);
  const v = await d.store.putVersion({
    repositoryId: repo.id,
    id: contentSha256(map),
    files: map,
    createdAt: d.now(),
  });
  return {
    id: v.id,
    repository_id: repo.id,
    file_count: Object.keys(v.files).length,
    created_at: new Date(v.createdAt).toISOString(),
  };
}

/** A version the person may propose (their own repository), or not_found. */
export async function readVersionFor(
  d: DomainDeps,
  who: Principal,
  repositoryId: string,
  versionId: string,
): Promise<VersionRow> {
  const repo = await ownRepository(d, who, repositoryId);
  const v = await d.store.getVersion(repo.id, versionId);
  if (!v) throw new CodedError('not_found', 'No such version in this repository');
  return v;
}

async function ownRepository(d: DomainDeps, who: Principal, repositoryId: string) {
  const repo = await d.store.getRepository(repositoryId);
  if (!repo || repo.ownerId !== who.personId) throw new CodedError('not_found', 'No such repository');
  return repo;
}
