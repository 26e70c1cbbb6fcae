import type { WireError } from './errorCodes.ts';

/** The part of an Ajv error the messages need (the generated validators produce these). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** `/files/a~1b` → `files['a/b']`; the root is `arguments`. */
export function fieldName(instancePath: string): string {
  if (!instancePath) return 'arguments';
  const [first, ...rest] = instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return first + rest.map((s) => `[${JSON.stringify(s).replace(/^"|"$/g, "'")}]`).join('');
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  integer: 'an integer',
  number: 'a number',
  array: 'an array',
  boolean: 'a boolean',
};

/** One readable sentence naming the field, e.g. "name is too long (maxLength 200)". */
export function describeSchemaError(e: SchemaError): string {
  const field = fieldName(e.instancePath);
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return `${String(p.missingProperty)} is required`;
    case 'additionalProperties':
      return `additional property '${String(p.additionalProperty)}' not allowed`;
    case 'type':
      return `${field} is not ${ARTICLE[String(p.type)] ?? String(p.type)}`;
    case 'maxLength':
      return `${field} is too long (maxLength ${String(p.limit)})`;
    case 'minLength':
      return `${field} is too short (minLength ${String(p.limit)})`;
    case 'maximum':
      return `${field} is too large (maximum ${String(p.limit)})`;
    case 'minimum':
      return `${field} is too small (minimum ${String(p.limit)})`;
    case 'enum':
      return `${field} must be one of ${((p.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${field} ${e.message ?? 'is not valid'}`;
  }
}

/** A schema_violation wire error for the first schema error. */
export function schemaViolation(errors: readonly SchemaError[] | null | undefined): WireError {
  const first = errors?.[0];
  if (!first) return { code: 'schema_violation', message: 'arguments do not match the schema' };
  return {
    code: 'schema_violation',
    message: describeSchemaError(first),
    detail: { field: fieldName(first.instancePath), keyword: first.keyword, params: first.params },
  };
}
