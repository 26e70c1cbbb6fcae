/** What a token or session may do: read a Room, or also propose to it. */
export type Scope = 'osfoundry:read' | 'osfoundry:write';

export const ALL_SCOPES: Scope[] = ['osfoundry:read', 'osfoundry:write'];
