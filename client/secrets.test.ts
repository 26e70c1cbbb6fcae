import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDir, runRoom } from '../test-support/cliHarness.ts';
import { startTestServer, type TestServer } from '../test-support/startTestServer.ts';
import { type Api, apiClient } from '../test-support/testClient.ts';
import { collectFiles } from './collectFiles.ts';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const NPM_TOKEN = 'npm_0123456789abcdefghijklmnopqrstuvwxyzAB';
const GH_TOKEN = `ghp_${'a1B2'.repeat(9)}`;
// Built from pieces so that no scanner takes this file for a leak.
const KEYS = {
  stripe: `sk_${'live'}_${'4eC39HqLyjWDarjtT1zdp7dc'}`,
  anthropic: `sk-${'ant'}-api03-${'aB3_dE-fG9h'.repeat(8)}AA`,
  npm: `npm_${'Ab3dEf'.repeat(6)}`,
  google: `AI${'za'}Sy${'D-9tSrke72PouQMnMX7a'}${'7eZSW0jkFMBWx'}`,
  gitlab: `gl${'pat'}-${'xY7_zQ2-kL9mN4pR8sT1'}`,
};

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
  // Names and folders in any case (macOS and Windows disks ignore it).
  '.ENV': 'A=4',
  '.Env.local': 'A=5',
  ID_RSA: 'x',
  '.NPMRC': `//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n`,
  '.SSH/config': 'Host *',
  'TLS/server.PEM': 'x',
  // Cloudflare Wrangler's local secrets, and a kubeconfig.
  '.dev.vars': 'API_KEY=1',
  '.dev.vars.staging': 'API_KEY=2',
  '.kube/config': 'users:\n- name: me\n  user:\n    token: abc\n',
  'src/stripe.ts': `export const stripe = new Stripe('${KEYS.stripe}');\n`,
  'src/anthropic.ts': `export const client = new Anthropic({ apiKey: '${KEYS.anthropic}' });\n`,
  'src/npm.ts': `export const token = "${KEYS.npm}";\n`,
  'src/maps.ts': `export const url = 'https://maps.googleapis.com/maps/api/js?key=${KEYS.google}';\n`,
  'src/gitlab.ts': `export const headers = { 'PRIVATE-TOKEN': '${KEYS.gitlab}' };\n`,
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
  'src/dev.vars.ts': 'export const vars = {};\n',
  'src/kube.ts': 'export const config = "~/.kube/config";\n',
  'src/npmScripts.ts':
    'export const v = process.env.npm_package_version ?? process.env.npm_config_user_agent;\n',
  'docs/prefixes.md':
    'Stripe keys start with sk_live_, Anthropic ones with sk-ant-, GitLab ones with glpat- and Google ones with AIza.\n',
  'src/prefixes.ts': `export const stripeTest = 'sk_test_${'x'.repeat(24)}';\nexport const short = 'npm_${'a'.repeat(20)}';\n`,
};

describe('collectFiles and secrets', () => {
  it('skips every secret by name, folder and content, marks it, and keeps the near misses', async () => {
    const c = await collectFiles(appDir({ ...SECRETS, ...KEPT }));
    expect(c.files).toEqual(KEPT);
    const secret = c.skipped.filter((s) => s.secret).map((s) => s.path);
    const expected = Object.keys(SECRETS).map(
      (p) => p.match(/^(\.ssh|\.aws|\.gnupg|\.git|\.kube)\//i)?.[0] ?? p,
    );
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
    expect(proposals[0]?.files).toEqual({ 'src/App.tsx': APP });
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
