import { CodedError } from '../../validation/errorCodes.ts';
import { checkToolInput, isToolName } from '../../validation/toolInput.ts';

/** Checks a tool's arguments against its published schema (filling defaults); throws schema_violation. */
export function checkArguments<T>(toolName: string, args: unknown): T {
  if (!isToolName(toolName)) throw new CodedError('not_found', `No tool named ${toolName}`);
  const checked = checkToolInput<T>(toolName, args);
  if (!checked.ok) throw new CodedError(checked.error.code, checked.error.message, checked.error.detail);
  return checked.value;
}
