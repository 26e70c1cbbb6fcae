import { CodedError } from '../../validation/errorCodes.ts';
import { type HostToFrame, type JsonValue, SDK_MAX_IN_FLIGHT, type SdkMethod } from '../protocol.ts';
import type { HostTransport } from './HostTransport.ts';

interface Pending {
  resolve: (value: JsonValue | undefined) => void;
  reject: (error: CodedError) => void;
}

/** Typed RPC to the host over the frame's transport, with a bound on unanswered calls. */
export class SdkCaller {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly transport: HostTransport) {}

  call(method: SdkMethod, params: Record<string, unknown>): Promise<JsonValue | undefined> {
    if (!this.transport.connected()) {
      return Promise.reject(new CodedError('not_available', 'App storage is not connected yet'));
    }
    if (this.pending.size >= SDK_MAX_IN_FLIGHT) {
      return Promise.reject(
        new CodedError(
          'too_many_requests',
          `More than ${SDK_MAX_IN_FLIGHT} storage calls are waiting: await some before starting more`,
        ),
      );
    }
    this.unsubscribe ??= this.transport.onMessage(this.onMessage);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.transport.post({ type: 'sdk-call', id, method, params });
      } catch (err) {
        // postMessage throws DataCloneError for functions, symbols, DOM nodes…
        reject(new CodedError('invalid_value', `The value cannot be stored: ${(err as Error).message}`));
        return;
      }
      this.pending.set(id, { resolve, reject });
    });
  }

  private readonly onMessage = (message: HostToFrame) => {
    if (message.type !== 'sdk-result') return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.ok) pending.resolve(message.value);
    else pending.reject(new CodedError(message.error.code, message.error.message));
  };
}
