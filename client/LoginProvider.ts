import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CredentialsFile } from './CredentialsFile.ts';

/**
 * The MCP SDK's OAuth client provider for `room`: registration and tokens in the credentials file,
 * the code verifier in memory. `redirectUrl` is set only while `room login` listens on loopback;
 * any other command that needs a new sign-in is told to run `room login`.
 */
export class LoginProvider implements OAuthClientProvider {
  private verifier = '';

  constructor(
    private readonly file: CredentialsFile,
    private readonly server: string,
    private readonly opts: {
      redirectUrl?: string;
      state?: string;
      open?: (url: URL) => void | Promise<void>;
    } = {},
  ) {}

  get redirectUrl() {
    return this.opts.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'room CLI',
      redirect_uris: this.opts.redirectUrl ? [this.opts.redirectUrl] : [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state() {
    return this.opts.state ?? '';
  }

  clientInformation() {
    return this.file.read(this.server).client;
  }

  saveClientInformation(client: NonNullable<ReturnType<LoginProvider['clientInformation']>>) {
    this.file.update(this.server, { client });
  }

  tokens() {
    return this.file.read(this.server).tokens;
  }

  saveTokens(tokens: NonNullable<ReturnType<LoginProvider['tokens']>>) {
    this.file.update(this.server, { tokens });
  }

  async redirectToAuthorization(url: URL) {
    if (!this.opts.open) throw new Error('Not signed in, or the sign-in ended: run room login');
    await this.opts.open(url);
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') this.file.update(this.server, { tokens: undefined });
    if (scope === 'all' || scope === 'client') this.file.update(this.server, { client: undefined });
  }
}
