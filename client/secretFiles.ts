// What a proposal must never carry: a proposal's files sit on a review card, readable by the room's owner.

// Folders of credentials, at any depth: never entered. Keys are lower case, as every lookup is: macOS and
// Windows disks find `.SSH` when asked for `.ssh`.
const SECRET_DIRS: Record<string, string> = {
  '.git': 'git metadata (remotes may hold tokens)',
  '.ssh': 'SSH keys',
  '.aws': 'AWS credentials',
  '.gnupg': 'GnuPG keys',
  '.kube': 'Kubernetes credentials',
};

const SECRET_NAMES: Record<string, string> = {
  '.npmrc': 'npm configuration (registry tokens)',
  '.netrc': 'login credentials',
  _netrc: 'login credentials',
  '.git-credentials': 'git credentials',
  '.pypirc': 'PyPI credentials',
};

const SECRET_PATTERNS: [RegExp, string][] = [
  // Every .env* name: .env, .env.local, .envrc, .env_backup.
  [/^\.env/i, 'environment file'],
  // Cloudflare Wrangler's local secrets: .dev.vars, .dev.vars.<environment>.
  [/^\.dev\.vars(?:\.|$)/i, 'environment file'],
  [/^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$/i, 'private key'],
  [/\.(?:pem|key|p12|pfx|keystore|jks|ppk)$/i, 'key or certificate store'],
];

const SECRET_CONTENT: [RegExp, string][] = [
  [/-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/, 'holds a private key'],
  // Registry auth as .npmrc (`:_authToken=…`), yarn 1's .yarnrc (`"…:_authToken" …`) and .yarnrc.yml
  // (`npmAuthToken: …`) write it; an `${ENV}` reference holds no secret.
  [/(?:^|:)_(?:authToken|auth|password)[ \t]*=[ \t]*["']?[^\s"'$]/m, 'holds an npm registry token'],
  [/^["']?(?:\/\/\S*:)?_(?:authToken|auth|password)["']?[ \t]+["']?[^\s"'$]/m, 'holds a yarn registry token'],
  [/\bnpmAuth(?:Token|Ident)\s*:\s*["']?[^\s"'$]/, 'holds a yarn registry token'],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,})/, 'holds a GitHub token'],
  [/\bxox[abposre]-[A-Za-z0-9-]{10,}/, 'holds a Slack token'],
  // Bare keys by their documented prefixes and lengths, whole tokens only (not `npm_config_…`, `sk_test_…`).
  [/(?<![\w-])[sr]k_live_[A-Za-z0-9]{24,}(?![\w-])/, 'holds a Stripe secret key'],
  [/(?<![\w-])sk-ant-[a-z]+\d*-[A-Za-z0-9_-]{40,}/, 'holds an Anthropic API key'],
  [/(?<![\w-])npm_[A-Za-z0-9]{36}(?![\w-])/, 'holds an npm token'],
  [/(?<![\w-])AIza[A-Za-z0-9_-]{35}(?![\w-])/, 'holds a Google API key'],
  [/(?<![\w-])glpat-[A-Za-z0-9_-]{20,}/, 'holds a GitLab token'],
];

const AWS_KEY_ID = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/;
// The secret half: named as such, or a bare 40-character key beside the id.
const AWS_SECRET = /secret_?access_?key|(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/i;

/** Why the folder `name` may hold secrets, or undefined. */
export function secretDir(name: string): string | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(SECRET_DIRS, key) ? SECRET_DIRS[key] : undefined;
}

/** Why the file at `relPath` (`/`-separated) may hold secrets by its name alone, or undefined. */
export function secretName(relPath: string): string | undefined {
  const lower = relPath.toLowerCase();
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  if (Object.hasOwn(SECRET_NAMES, name)) return SECRET_NAMES[name];
  if (lower === '.docker/config.json' || lower.endsWith('/.docker/config.json'))
    return 'Docker registry credentials';
  return SECRET_PATTERNS.find(([re]) => re.test(name))?.[1];
}

/** Why `text` looks like it holds credentials, or undefined. */
export function secretContent(text: string): string | undefined {
  const found = SECRET_CONTENT.find(([re]) => re.test(text))?.[1];
  if (found) return found;
  if (AWS_KEY_ID.test(text) && AWS_SECRET.test(text)) return 'holds an AWS access key';
  return undefined;
}
