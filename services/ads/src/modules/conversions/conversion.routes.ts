import { actorOf, type RouteHandlers } from '@hap/service-kit';
import type { ConversionService } from './conversion.service';

/** The offline conversion upload leads' worker calls. */
export const conversionHandlers = (conversions: ConversionService): Pick<RouteHandlers<'ads'>, 'uploadOfflineConversion'> => ({
  uploadOfflineConversion: ({ body }, request) => conversions.upload(actorOf(request), body),
});
