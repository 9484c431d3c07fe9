import { sealKeyOf, sealText } from '@hap/service-kit';
import { insertRow, type Queryable } from './rows';

/**
 * The ads service's rows, written in SQL on the run's database (schema "ads") for tests of other services;
 * ads' own tests keep services/ads/test/helpers.
 */

/**
 * The agency's Google Ads connection, made afresh: a refresh token sealed under `tokenKey` (GOOGLE_ADS_TOKEN_KEY,
 * 32 bytes in base64) as ads stores it (the kit's sealed text).
 */
export async function connectAgency(db: Queryable, tokenKey: string, refreshToken = '1//refresh'): Promise<void> {
  const key = sealKeyOf(tokenKey);
  if (!key) throw new Error('connectAgency: the token key is not 32 bytes in base64');
  await disconnectAgency(db);
  await insertRow(db, 'ads', 'google_ads_connections', {
    label: 'agency',
    refreshTokenEncrypted: sealText(refreshToken, key),
    accountEmail: null,
    connectedBy: 1,
    connectedAt: new Date(),
    updatedAt: new Date(),
  });
}

/** No agency connection. */
export async function disconnectAgency(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM "ads"."google_ads_connections" WHERE "label" = 'agency'`);
}
