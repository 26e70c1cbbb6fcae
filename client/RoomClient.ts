import {
  Client,
  InsufficientScopeError,
  type OAuthClientProvider,
  type PriorDiscovery,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { type CallArgs, type ResponseOf, type RouteKey, routeRequest } from '../validation/apiRoutes.ts';
import type { ErrorCode } from '../validation/errorCodes.ts';
import { MCP_PATH, type ToolInput, type ToolResult } from '../validation/mcpTools.ts';
import type { ToolName } from '../validation/toolInput.ts';
import { httpError, networkError, RequestError } from './RequestError.ts';

export interface RoomClientOptions {
  /** The shell's base URL, e.g. http://127.0.0.1:5178. */
  url: string;
  /** A personal access token (Bearer). */
  token?: string;
  /** Without a token: the OAuth sign-in `room login` kept (MCP commands only; tokens are bound to it). */
  authProvider?: OAuthClientProvider;
}

/**
 * The era each MCP endpoint spoke to this process (the revision's HTTP backward compatibility: a property of
 * the server, cached per URL): a modern one is reused without a round trip, a handshake-only one skips the probe.
 */
const eras = new Map<string, PriorDiscovery>();

/** The era remembered for an MCP endpoint URL, if this process has talked to it. */
export function rememberedEra(mcpUrl: string): PriorDiscovery['kind'] | undefined {
  return eras.get(mcpUrl)?.kind;
}

/** The Room service from an agent's side: MCP tools through the SDK's Client, the rest through the JSON API. */
export class RoomClient {
  private client: Client | undefined;
  /** Whether the open connection's era came from memory rather than a probe (a wrong memory is re-probed). */
  private remembered = false;
  private readonly base: string;

  constructor(private readonly opts: RoomClientOptions) {
    this.base = opts.url.replace(/\/+$/, '');
  }

  get baseUrl(): string {
    return this.base;
  }

  private headers(): Record<string, string> {
    return this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {};
  }

  private get mcpUrl(): string {
    return this.base + MCP_PATH;
  }

  private async connected(): Promise<Client> {
    if (this.client) return this.client;
    // Modern first (server/discover), falling back to the initialize handshake on a non-modern answer.
    const client = new Client(
      { name: 'room-cli', version: '0.1.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    const transport = new StreamableHTTPClientTransport(new URL(this.mcpUrl), {
      requestInit: { headers: this.headers() },
      authProvider: this.opts.token ? undefined : this.opts.authProvider,
    });
    const prior = eras.get(this.mcpUrl);
    try {
      await client.connect(transport, prior ? { prior } : undefined);
    } catch (err) {
      throw classify(this.base, err);
    }
    const discover = client.getDiscoverResult();
    eras.set(
      this.mcpUrl,
      client.getProtocolEra() === 'modern' && discover ? { kind: 'modern', discover } : { kind: 'legacy' },
    );
    this.remembered = prior !== undefined;
    this.client = client;
    return client;
  }

  /** Calls an MCP tool; returns its structuredContent, or throws the tool's `{code, message}` error. */
  async callTool<N extends ToolName>(name: N, args: ToolInput<N>): Promise<ToolResult<N>> {
    let result: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: unknown };
    try {
      result = (await (
        await this.connected()
      ).callTool({
        name,
        arguments: args as Record<string, unknown>,
      })) as typeof result;
    } catch (err) {
      const e = classify(this.base, err);
      const stale = this.remembered && (e.detail as { status?: number } | undefined)?.status === 400;
      // A lost connection may leave the session half-open, and a remembered era may be stale: start afresh.
      if (e.transient || stale) await this.close();
      if (!stale) throw e;
      // The server changed era since we met it: forget it, probe again, and send the call once more.
      eras.delete(this.mcpUrl);
      return this.callTool(name, args);
    }
    if (result.isError) {
      const error = (result.structuredContent?.error ?? {}) as {
        code?: ErrorCode;
        message?: string;
        detail?: unknown;
      };
      throw new RequestError(
        error.code ?? 'internal',
        error.message ?? 'The tool failed',
        false,
        error.detail,
      );
    }
    // A result without it would print as "undefined" field by field: say what the server got wrong instead.
    if (typeof result.structuredContent !== 'object' || result.structuredContent === null) {
      throw new RequestError(
        'internal',
        `${this.base} answered ${name} without structured content, which this CLI reads: is it a Room server?`,
        false,
      );
    }
    return result.structuredContent as ToolResult<N>;
  }

  /** One JSON route of the contract (validation/apiRoutes.ts); non-2xx answers throw their `{code, message}`. */
  async api<K extends RouteKey>(key: K, ...[call]: CallArgs<K>): Promise<ResponseOf<K>> {
    const { method, path } = routeRequest(key, call);
    const body = call?.body;
    const headers: Record<string, string> = this.headers();
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw networkError(this.base, err);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw httpError(res.status, text);
    try {
      // The server answers this route's response type on success.
      return JSON.parse(text || '{}');
    } catch {
      throw new RequestError('invalid_json', `${method} ${path} answered something that is not JSON`, true);
    }
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    await c?.close().catch(() => undefined);
  }
}

/** Sorts an SDK or fetch failure into an HTTP answer (with its status) or a network failure. */
function classify(base: string, err: unknown): RequestError {
  if (err instanceof RequestError) return err;
  if (err instanceof InsufficientScopeError)
    return new RequestError('insufficient_scope', err.errorDescription ?? 'The token lacks a scope', false, {
      status: 403,
      scope: err.requiredScope,
    });
  if (err instanceof UnauthorizedError)
    return new RequestError(
      'invalid_token',
      'The server needs a sign-in (set ROOM_TOKEN, pass --token or run room login)',
      false,
      {
        status: 401,
      },
    );
  if (err instanceof SdkHttpError && err.status > 0) {
    const text = typeof err.data.text === 'string' ? err.data.text : '';
    return httpError(err.status, text);
  }
  if (err instanceof Error && /^MCP error -32001|timed out/i.test(err.message))
    return new RequestError('not_available', `${base} did not answer in time`, true);
  return networkError(base, err);
}
