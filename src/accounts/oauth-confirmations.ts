import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import type { Collection } from '../store/index.js';
import { type TokenVault, VaultError } from '../vault/index.js';

/** How long the confirmation page's form stays usable. */
export const CONFIRMATION_TTL_MS = 10 * 60 * 1000;
/**
 * An unconfirmed link's record outlives its form by this much, so the expiry sweep can still find
 * and revoke its token (the service's tokens never expire) even after the bot was down for a while.
 */
const EXPIRED_KEPT_MS = 24 * 60 * 60 * 1000;
const SEAL_PURPOSE = 'oauth-confirmation';
const FORM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const pendingLinkSchema = z.object({
  discordUserId: z.string(),
  discordUsername: z.string().optional(),
  locale: z.enum(LOCALES).optional(),
  serviceUserId: z.number().int(),
  serviceUsername: z.string(),
  /** The exchanged access token, sealed with the vault key for this user: never stored in the clear. */
  sealedToken: z.string(),
  /** When the form stops working (absent on records written before revocation on expiry). */
  expiresAt: z.string().optional(),
});
type PendingLink = z.infer<typeof pendingLinkSchema>;

interface PendingLinkInput extends Omit<PendingLink, 'sealedToken'> {
  accessToken: string;
}

/** The one-time form token's digest: the store never holds a token that could confirm a link. */
function digest(formToken: string): string {
  return createHash('sha256').update(formToken, 'utf8').digest('base64url');
}

/**
 * Links waiting for the confirmation form's POST. The form carries a random one-time token; only its
 * hash is a key here, the record expires with the page, and taking it is atomic (single use).
 */
export class OAuthConfirmations {
  constructor(
    private readonly pending: Collection<PendingLink>,
    private readonly vault: Pick<TokenVault, 'sealTransient' | 'openTransient'>,
    /**
     * Revokes an exchanged token nobody confirmed: it would otherwise stay valid at the service. For the
     * person who acted (their form, their unlink), or for no one (the sweep of expired forms).
     */
    private readonly revoke: (accessToken: string, person: string | null) => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores a pending link and returns the form token for the confirmation page. */
  async create(input: PendingLinkInput): Promise<string> {
    const { accessToken, ...rest } = input;
    const record: PendingLink = {
      ...rest,
      sealedToken: this.vault.sealTransient(SEAL_PURPOSE, input.discordUserId, accessToken),
      expiresAt: new Date(this.now().getTime() + CONFIRMATION_TTL_MS).toISOString(),
    };
    // 256 random bits never collide in practice; the check makes sure none is ever overwritten.
    for (let attempt = 0; attempt < 3; attempt++) {
      const formToken = randomBytes(32).toString('base64url');
      const ttl = CONFIRMATION_TTL_MS + EXPIRED_KEPT_MS;
      if (await this.pending.setIfAbsent(digest(formToken), record, ttl)) return formToken;
    }
    throw new Error('oauth: could not store a pending link');
  }

  /** The pending link and its token, once: a second call with the same form token gets undefined. */
  async take(formToken: string): Promise<{ link: PendingLink; accessToken: string } | undefined> {
    if (!FORM_TOKEN_PATTERN.test(formToken)) return undefined;
    const link = await this.pending.take(digest(formToken));
    if (!link) return undefined;
    const accessToken = this.#open(link);
    if (accessToken === undefined) return undefined;
    if (this.#expired(link)) {
      await this.#revokeQuietly(accessToken, link.discordUserId);
      return undefined;
    }
    return { link, accessToken };
  }

  /**
   * Takes every link whose form has expired and revokes its token; returns how many were taken.
   * Taking is atomic, so of several processes sweeping at once exactly one revokes each token.
   */
  async revokeExpired(): Promise<number> {
    // A job: the sweep is made for no one (an exception test/service/call-persons.test.ts lists).
    return (await this.#revokeWhere((link) => this.#expired(link), { person: null })).found;
  }

  /** On unlink: the person's links still waiting for confirmation go, their tokens revoked. */
  revokeFor(discordUserId: string): Promise<{ found: number; revoked: number }> {
    return this.#revokeWhere((link) => link.discordUserId === discordUserId, { person: discordUserId });
  }

  /** How many links matched and were taken, and how many of their tokens the service revoked. */
  async #revokeWhere(
    matches: (link: PendingLink) => boolean,
    { person }: { person: string | null },
  ): Promise<{ found: number; revoked: number }> {
    const keys: string[] = [];
    for await (const [key, link] of this.pending.entries()) if (matches(link)) keys.push(key);
    let found = 0;
    let revoked = 0;
    for (const key of keys) {
      const link = await this.pending.take(key);
      const accessToken = link ? this.#open(link) : undefined;
      if (accessToken === undefined) continue;
      found += 1;
      if (await this.#revokeQuietly(accessToken, person)) revoked += 1;
    }
    return { found, revoked };
  }

  #expired(link: PendingLink): boolean {
    return link.expiresAt !== undefined && Date.parse(link.expiresAt) <= this.now().getTime();
  }

  #open(link: PendingLink): string | undefined {
    try {
      return this.vault.openTransient(SEAL_PURPOSE, link.discordUserId, link.sealedToken);
    } catch (error) {
      // Sealed with a key that is gone (rotated and removed within ten minutes): start over.
      if (error instanceof VaultError) return undefined;
      throw error;
    }
  }

  /**
   * The record is gone either way; `revoke` logs its own failures, and one failure never stops a
   * sweep. True when the service revoked the token.
   */
  #revokeQuietly(accessToken: string, person: string | null): Promise<boolean> {
    return this.revoke(accessToken, person).then(
      () => true,
      () => false,
    );
  }
}
