import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ErrorCode } from '../validation/errorCodes.ts';
import { MCP_PATH } from '../validation/mcpTools.ts';
import { httpError, networkError, RequestError } from './RequestError.ts';

export interface RoomClientOptions {
  /** The shell's base URL, e.g. http://127.0.0.1:5178. */
  url: string;
  /** A personal access token (Bearer). */
  token?: string;
}

/** The Room service from an agent's side: MCP tools through the SDK's Client, the rest through the JSON API. */
export class RoomClient {
  private client: Client | undefined;
  private readonly base: string;

  constructor(private readonly opts: RoomClientOptions) {
    this.base = opts.url.replace(/\/+$/, '');
  }

  private headers(): Record<string, string> {
    return this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {};
  }

  private async connected(): Promise<Client> {
    if (this.client) return this.client;
    const client = new Client({ name: 'room-cli', version: '0.1.0' });
    const transport = new StreamableHTTPClientTransport(new URL(this.base + MCP_PATH), {
      requestInit: { headers: this.headers() },
    });
    try {
      await client.connect(transport);
    } catch (err) {
      throw classify(this.base, err);
    }
    this.client = client;
    return client;
  }

  /** Calls an MCP tool; returns its structuredContent, or throws the tool's `{code, message}` error. */
  async callTool<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T> {
    const client = await this.connected();
    let result: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: unknown };
    try {
      result = (await client.callTool({ name, arguments: args })) as typeof result;
    } catch (err) {
      const e = classify(this.base, err);
      // A lost connection may leave the session half-open: start afresh next time.
      if (e.transient) await this.close();
      throw e;
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
    return (result.structuredContent ?? {}) as T;
  }

  /** A JSON API request; non-2xx answers throw their `{code, message}`. */
  async api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
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
      return (text ? JSON.parse(text) : {}) as T;
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
  if (err instanceof StreamableHTTPError && typeof err.code === 'number' && err.code > 0) {
    const body = err.message.replace(/^Streamable HTTP error: Error POSTing to endpoint: /, '');
    return httpError(err.code, body);
  }
  if (err instanceof Error && /^MCP error -32001/.test(err.message))
    return new RequestError('not_available', `${base} did not answer in time`, true);
  return networkError(base, err);
}
