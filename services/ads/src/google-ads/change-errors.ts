import { ErrorCode, Messages } from '@hap/contracts';
import { AppError } from '@hap/service-kit';
import { AdsRequestRefused, AdsRetryLater } from './ads-gateway';

/**
 * Google's failures of a read or a change an admin asked for, as the admin reads them: Google's
 * refusal 422 with its words, its quota 503 with the wait, anything else 503 (never a 5xx of ours).
 * Used by the launched campaigns' changes and the recommendations (docs/campaigns.md).
 */
export function googleChangeError(err: unknown): never {
  if (err instanceof AppError) throw err;
  if (err instanceof AdsRequestRefused) throw new AppError(422, ErrorCode.VALIDATION_FAILED, `Google Ads refused the change: ${err.message}`);
  if (err instanceof AdsRetryLater) {
    throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, `Google Ads quota is exhausted for now. Please try again in ${Math.ceil(err.delayMs / 1000)} seconds.`);
  }
  throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('Google Ads'));
}

/** Google's failure of one campaign's change in a batch, in words (the batch goes on with the others). */
export function googleFailureReason(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof AdsRequestRefused) return `Google Ads refused the change: ${err.message}`;
  if (err instanceof AdsRetryLater) return `Google Ads quota is exhausted for now (try again in ${Math.ceil(err.delayMs / 1000)} seconds).`;
  return 'Google Ads could not be reached.';
}
