import { Ajv } from 'ajv';
import { CodedError } from '../../validation/errorCodes.ts';
import { TOOLS } from './toolDefinitions.ts';

const ajv = new Ajv({ allErrors: false, useDefaults: true, strict: false });
const validators = new Map(TOOLS.map((t) => [t.name, ajv.compile(t.inputSchema)]));

/** Checks a tool's arguments against its published schema (filling defaults); throws schema_violation. */
export function checkArguments<T>(toolName: string, args: unknown): T {
  const validate = validators.get(toolName);
  if (!validate) throw new CodedError('not_found', `No tool named ${toolName}`);
  const copy = structuredClone(args ?? {});
  if (!validate(copy)) {
    const e = validate.errors?.[0];
    const where = e?.instancePath || '(arguments)';
    throw new CodedError('schema_violation', `${where} ${e?.message ?? 'is not valid'}`, {
      errors: validate.errors,
    });
  }
  return copy as T;
}
