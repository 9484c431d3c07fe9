import type { DataSource } from 'typeorm';
import type { SignedState } from './oauth-state';

/**
 * The nonces of OAuth states handed out and not yet used (`ads.oauth_states`),
 * so each state connects at most once: a replayed answer, or a second code
 * Google gave for the same state, finds its nonce gone. In PostgreSQL rather
 * than Redis: the API process already holds the data source, and one DELETE
 * … RETURNING takes a nonce atomically, whichever replica answers.
 */
export class OAuthStateRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps a new state's nonce until it expires; states nobody came back with are cleared on the way. */
  async issue(state: SignedState, now: Date = new Date()): Promise<void> {
    await this.dataSource.query(
      `WITH expired AS (DELETE FROM "ads"."oauth_states" WHERE "expires_at" <= $3)
       INSERT INTO "ads"."oauth_states" ("nonce", "expires_at") VALUES ($1, $2)`,
      [state.nonce, state.expiresAt, now],
    );
  }

  /** True for the one caller that takes a nonce still kept and not expired; false for every other. */
  async consume(nonce: string, now: Date = new Date()): Promise<boolean> {
    // A SELECT around the DELETE: TypeORM answers a bare DELETE … RETURNING as [rows, count].
    const taken: unknown[] = await this.dataSource.query(
      `WITH taken AS (DELETE FROM "ads"."oauth_states" WHERE "nonce" = $1 AND "expires_at" > $2 RETURNING "nonce") SELECT "nonce" FROM taken`,
      [nonce, now],
    );
    return taken.length === 1;
  }
}
