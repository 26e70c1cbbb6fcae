/** A frame in the pool as its limits see it: `usedAt` 0 is warm (never opened), otherwise its last open. */
export interface SlotUse {
  id: string;
  usedAt: number;
}

/** Open frames past `maxOpen` to unmount, least recently used first; warm frames never count. */
export function openToEvict(slots: readonly SlotUse[], maxOpen: number): string[] {
  const open = slots.filter((s) => s.usedAt > 0);
  const excess = open.length - maxOpen;
  if (excess <= 0) return [];
  return open
    .sort((a, b) => a.usedAt - b.usedAt)
    .slice(0, excess)
    .map((s) => s.id);
}

/**
 * Before one more frame is warmed: the warm frames to drop so at most `maxWarm` stay, the earliest warmed
 * first (`slots` in the order they were created). Open frames are never dropped for a warm one.
 */
export function warmToDrop(slots: readonly SlotUse[], maxWarm: number): string[] {
  const warm = slots.filter((s) => s.usedAt === 0);
  const excess = warm.length + 1 - Math.max(maxWarm, 1);
  return excess > 0 ? warm.slice(0, excess).map((s) => s.id) : [];
}
