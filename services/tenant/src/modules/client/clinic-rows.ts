import { Messages } from '@hap/contracts';
import { isForeignKeyViolation, isUniqueViolation, notFound, type AppError } from '@hap/service-kit';

/**
 * Runs `write`, which adds a row under clinic `clientId` after checking the clinic (and, with
 * `duplicate`, that the row is new). A write that lost a race is answered as those checks would
 * have answered: the clinic deleted meanwhile is its 404, a duplicate written meanwhile `duplicate()`.
 */
export async function addUnderClinic<T>(clientId: number, write: () => Promise<T>, duplicate?: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound(Messages.clientNotFound(clientId));
    if (duplicate && isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}
