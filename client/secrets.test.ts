import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/http/startTestServer.ts';
import { type Api, apiClient } from '../server/http/testClient.ts';
import { appDir, runRoom } from './cliHarness.ts';
import { collectFiles } from './collectFiles.ts';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const NPM_TOKEN = 'npm_0123456789abcdefghijklmnopqrstuvwxyzAB';
const GH_TOKEN = `ghp_${'a1B2'.repeat(9)}`;

// Every kind of secret the CLI must keep home, by name, by folder and by content.
const SECRETS: Record<string, string> = {
  '.env': 'A=1',
  '.envrc': 'export AWS_PROFILE=prod',
  '.env_backup': 'STRIPE_KEY=sk_live_1',
  '.env.local': 'A=2',
  'src/.env.production': 'A=3',
  '.npmrc': `//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n`,
  '.yarnrc.yml': `npmAuthToken: "${NPM_TOKEN}"\n`,
  'old/.yarnrc': `"//registry.yarnpkg.com/:_authToken" ${NPM_TOKEN}\n`,
  '.netrc': 'machine github.com login me password hunter2\n',
  _netrc: 'machine x login y password z\n',
  '.git-credentials': 'https://me:tok@github.com\n',
  '.pypirc': '[pypi]\npassword = pypi-abc\n',
  '.docker/config.json': '{"auths":{"ghcr.io":{"auth":"bWU6dG9r"}}}',
  id_rsa: 'x',
  id_ed25519: 'x',
  'keys/id_ecdsa': 'x',
  'tls/server.pem': 'x',
  'tls/server.key': 'x',
  'cert.p12': 'x',
  'cert.pfx': 'x',
  'release.keystore': 'x',
  'store.jks': 'x',
  '.ssh/config': 'Host *',
  '.aws/credentials': '[default]',
  '.gnupg/pubring.kbx': 'x',
  '.git/config': '[remote "origin"]\n\turl = https://me:tok@github.com/me/app\n',
  'src/deploy.txt':
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n-----END OPENSSH PRIVATE KEY-----\n',
  'src/pkcs8.txt': '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  'src/registry.ts': `export const npmrc = \`
//registry.npmjs.org/:_authToken=${NPM_TOKEN}
\`;\n`,
  'src/aws.ts':
    'export const id = "AKIAIOSFODNN7EXAMPLE";\nexport const key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";\n',
  'src/github.ts': `export const token = '${GH_TOKEN}';\n`,
  'src/pat.ts': `export const token = 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop';\n`,
  'src/slack.ts': "export const hook = 'xoxb-123456789012-abcdefABCDEF';\n",
};

// Near misses that are ordinary app files and must still be sent.
const KEPT: Record<string, string> = {
  'src/App.tsx': APP,
  'src/env.ts': 'export const mode = "dev";\n',
  'src/auth.ts': 'const _auth = getToken();\nexport const x = { _authToken: 1 };\n',
  'id_rsa.pub': 'ssh-ed25519 AAAA me@host\n',
  // An environment reference, not a token.
  'docs/yarnrc.md': `npmAuthToken: \${NPM_TOKEN}\n`,
  'docs/keys.md': 'AWS ids look like AKIAIOSFODNN7EXAMPLE.\nSet the _auth field in your npmrc.\n',
  'ghp.md': 'GitHub tokens start with ghp_ and Slack ones with xoxb-.\n',
};

describe('collectFiles and secrets', () => {
  it('skips every secret by name, folder and content, marks it, and keeps the near misses', async () => {
    const c = await collectFiles(appDir({ ...SECRETS, ...KEPT }));
    expect(c.files).toEqual(KEPT);
    const secret = c.skipped.filter((s) => s.secret).map((s) => s.path);
    const expected = Object.keys(SECRETS).map((p) => p.match(/^(\.ssh|\.aws|\.gnupg|\.git)\//)?.[0] ?? p);
    expect(secret.sort()).toEqual(expected.sort());
  });
});

describe('room propose and room repo push never send a secret', () => {
  let s: TestServer;
  let owner: Api;
  let roomId: string;
  let auth: string[];
  beforeEach(async () => {
    s = await startTestServer();
    owner = apiClient(s.url, { token: s.ownerToken });
    roomId = (await owner('POST', '/api/rooms', { name: 'Secrets room' })).body.room.id;
    auth = ['--url', s.url, '--token', s.ownerToken];
  });
  afterEach(async () => s.close());

  const dir = () =>
    appDir({
      'src/App.tsx': APP,
      '.envrc': 'export TOKEN=1',
      '.env_backup': 'TOKEN=1',
      '.npmrc': `//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n`,
      'src/config.ts': `export const token = '${GH_TOKEN}';\n`,
    });
  const listed =
    'room: Skipped 4 files that may hold secrets: .env_backup (environment file), .envrc (environment file), ' +
    '.npmrc (npm configuration (registry tokens)), src/config.ts (holds a GitHub token)';

  it('propose: the card holds none of them, and the person is told which were left out', async () => {
    const r = await runRoom(['propose', dir(), '--room', roomId, '--name', 'Hi', ...auth]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n')).toContain(listed);
    const { proposals } = (await owner('GET', `/api/rooms/${roomId}/proposals?state=pending`)).body;
    expect(proposals[0].files).toEqual({ 'src/App.tsx': APP });
    expect(JSON.stringify(proposals)).not.toContain(NPM_TOKEN);
    // With --json the list still goes to stderr, and stdout names them as skipped.
    const j = await runRoom(['propose', dir(), '--room', roomId, '--name', 'Hi', '--json', ...auth]);
    expect(j.stderr).toBe(listed);
    expect(j.json().skipped.filter((x: { secret?: boolean }) => x.secret)).toHaveLength(4);
  });

  it('repo push: the version holds none of them, and the person is told which were left out', async () => {
    const r = await runRoom(['repo', 'push', dir(), '--name', 'Secrets', '--json', ...auth]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(listed);
    const { repository_id, version_id } = r.json();
    const v = await owner('GET', `/api/repositories/${repository_id}/versions/${version_id}`);
    expect(v.status).toBe(200);
    expect(JSON.stringify(v.body)).not.toContain(NPM_TOKEN);
    expect(JSON.stringify(v.body)).not.toContain(GH_TOKEN);
    expect(JSON.stringify(v.body)).toContain('src/App.tsx');
  });
});
