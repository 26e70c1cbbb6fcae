// @babel/standalone ships no types; the bench uses only transform().
declare module '@babel/standalone' {
  export function transform(code: string, options: object): { code?: string | null };
}
