import type { WireError } from '../validation/errorCodes.ts';
import type { ToolResult } from '../validation/mcpTools.ts';
import type { ToolName } from '../validation/toolInput.ts';

/**
 * A tools/call answer as tests read it: the tool's contract result, or with `isError` the `{error}` it
 * answers instead (tests check isError first). Reading both branches' fields needs no narrowing.
 */
export interface ToolAnswer<N extends ToolName> {
  isError?: boolean;
  structuredContent?: Partial<UnionFields<ToolResult<N>>> & ToolResult<N> & { error: WireError };
}

/** Every field of every member of a union, so a test reads a branch's field without narrowing first. */
type UnionFields<U> = {
  [K in U extends unknown ? keyof U : never]: U extends { [P in K]?: infer V } ? V : never;
};
