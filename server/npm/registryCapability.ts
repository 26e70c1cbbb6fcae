import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/Store.ts';

const KEY_META = 'npm_registry_key';
const ID = /^[a-z][a-z2-7]{1,40}$/;

/**
 * The registry path an approved app's bundler installs from: `<room>.<app>.<mac>`, so the registry
 * serves each app only its own reviewed tree, and a guessed or forged path serves nothing.
 */
export class RegistryCapabilities {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly store: Store) {}

  async capability(roomId: string, appId: string): Promise<string> {
    return `${roomId}.${appId}.${await this.mac(roomId, appId)}`;
  }

  /** The app a capability names, or undefined when it was not made here. */
  async verify(capability: string): Promise<{ roomId: string; appId: string } | undefined> {
    const [roomId = '', appId = '', mac = '', ...rest] = capability.split('.');
    if (rest.length > 0 || !ID.test(roomId) || !ID.test(appId) || !/^[\w-]{43}$/.test(mac)) return undefined;
    const expected = Buffer.from(await this.mac(roomId, appId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? { roomId, appId }
      : undefined;
  }

  private async mac(roomId: string, appId: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${roomId}.${appId}`)
      .digest('base64url');
  }

  // One key in the database, so every server behind one database makes and accepts the same paths.
  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      let stored = await this.store.getMeta(KEY_META);
      if (!stored) {
        await this.store.setMeta(KEY_META, randomBytes(32).toString('base64url'));
        stored = await this.store.getMeta(KEY_META);
      }
      return Buffer.from(stored ?? '', 'base64url');
    })();
    this.key.catch(() => {
      this.key = undefined;
    });
    return this.key;
  }
}
