import type { WireError } from './errorCodes.ts';
import { toolValidators } from './generated/toolValidators.ts';
import { depthViolation, tooDeepField } from './jsonDepth.ts';
import { type SchemaError, schemaViolation } from './schemaErrors.ts';

/** A tool published on the MCP endpoint, whose input schema has a compiled validator. */
export type ToolName = keyof typeof toolValidators;

type CompiledValidator = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

/** Whether a tool of this name exists. */
export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(toolValidators, name);
}

/** Checks a tool's arguments against its input schema; the value is a copy with defaults filled in. */
export function checkToolInput<T>(
  tool: ToolName,
  args: unknown,
): { ok: true; value: T } | { ok: false; error: WireError } {
  const validate = toolValidators[tool] as CompiledValidator;
  // Before the clone and the validator: both recurse, and a deep enough value overflows the stack.
  const tooDeep = tooDeepField(args);
  if (tooDeep !== undefined) return { ok: false, error: depthViolation(tooDeep) };
  const copy = structuredClone(args ?? {});
  if (validate(copy)) return { ok: true, value: copy as T };
  return { ok: false, error: schemaViolation(validate.errors) };
}
