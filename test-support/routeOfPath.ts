import type { BodyOf, ResponseOf, RouteKey } from '../validation/apiRoutes.ts';
import type { WireError } from '../validation/errorCodes.ts';

type Split<P extends string> = P extends `${infer Head}/${infer Tail}` ? [Head, ...Split<Tail>] : [P];
type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

/** Whether a path's segments fill a route's pattern, segment by segment (a `:param` takes any one). */
type Fills<Path extends string[], Pattern extends string[]> = Path extends [
  infer A extends string,
  ...infer RestA extends string[],
]
  ? Pattern extends [infer B extends string, ...infer RestB extends string[]]
    ? (B extends `:${string}` ? true : A extends B ? true : false) extends true
      ? Fills<RestA, RestB>
      : false
    : false
  : Pattern extends []
    ? true
    : false;

/**
 * The contract's route key a request names, e.g. `'GET /api/rooms/:roomId'` for `('GET', `/api/rooms/${id}`)`;
 * never for a path the contract does not type (a plain string, a page, OAuth, MCP).
 */
export type RouteOf<M extends string, P extends string> = {
  [K in RouteKey]: K extends `${M} ${infer Pattern}`
    ? Fills<Split<WithoutQuery<P>>, Split<Pattern>> extends true
      ? K
      : never
    : never;
}[RouteKey];

/** What a request may send: the route's body, anything for a path outside the contract. */
export type RequestBodyOf<M extends string, P extends string> = [RouteOf<M, P>] extends [never]
  ? unknown
  : BodyOf<RouteOf<M, P>>;

/**
 * What a request's body reads as: the route's response, or on a failure (tests assert the status first) the
 * `{code, message, detail}` every route answers with. Outside the contract: a JSON object of unknown fields.
 */
export type AnswerOf<M extends string, P extends string> = Partial<WireError> &
  ([RouteOf<M, P>] extends [never] ? Record<string, unknown> : ResponseOf<RouteOf<M, P>>);
