import { CodedError } from '../../validation/errorCodes.ts';
import { type HostToFrame, type JsonValue, type SdkCall, SdkErrorCode } from '../protocol.ts';

/** Answers an `sdk-call` with what `work` resolved to, or its coded refusal (anything else is `internal`). */
export function answerCall(
  call: SdkCall,
  reply: (message: HostToFrame) => void,
  work: Promise<JsonValue | undefined>,
  failed: string,
): void {
  work.then(
    (value) =>
      reply(
        value === undefined
          ? { type: 'sdk-result', id: call.id, ok: true }
          : { type: 'sdk-result', id: call.id, ok: true, value },
      ),
    (err: unknown) => {
      const coded = err instanceof CodedError && Object.hasOwn(SdkErrorCode, err.code);
      const error = coded
        ? { code: err.code as SdkErrorCode, message: err.message }
        : { code: 'internal' as const, message: failed };
      reply({ type: 'sdk-result', id: call.id, ok: false, error });
    },
  );
}
