import { jobIdOf, QUEUE_NAMES, queueOwner, queuesOwnedBy } from '@hap/contracts';
import {
  checkQueueHandlers,
  InvalidJobPayloadError,
  parseJobPayload,
  startQueueWorkers,
  type QueueHandlers,
} from '../src';

/** A handler that is never run: these tests stop before any worker connects. */
const unused = async () => undefined;

/** Nothing listens here: a worker that got this far would fail to connect, not throw. */
const NOWHERE = { url: 'redis://127.0.0.1:1', prefix: 'never_used' };

describe('the queue handler registry', () => {
  const complete: QueueHandlers<'ads'> = {
    'ads.generate': unused,
    'ads.optimize': unused,
    'ads.launch': unused,
    'ads.performance': unused,
    'ads.performance-sweep': unused,
    'ads.client-deleted': unused,
  };

  it('accepts exactly one handler per queue the service consumes', () => {
    expect(checkQueueHandlers('ads', complete)).toEqual(['ads.generate', 'ads.optimize', 'ads.launch', 'ads.performance', 'ads.performance-sweep', 'ads.client-deleted']);
  });

  it('refuses to start with a missing handler, naming the queue', () => {
    // @ts-expect-error a missing handler is a type error too
    const missing: QueueHandlers<'ads'> = { 'ads.generate': unused, 'ads.optimize': unused, 'ads.performance': unused, 'ads.performance-sweep': unused, 'ads.client-deleted': unused };
    expect(() => startQueueWorkers('ads', missing, NOWHERE)).toThrow(
      'The ads worker cannot start: no handler for ads.launch (it consumes ads.generate, ads.optimize, ads.launch, ads.performance, ads.performance-sweep, ads.client-deleted).',
    );
  });

  it("refuses to start with a handler for another service's queue", () => {
    const extra = { ...complete, 'leads.deliver': unused };
    expect(() => startQueueWorkers('ads', extra, NOWHERE)).toThrow(
      'The ads worker cannot start: handlers for queues it does not consume: leads.deliver',
    );
  });

  it('refuses a handler that is not a function', () => {
    const broken = { ...complete, 'ads.launch': undefined } as unknown as QueueHandlers<'ads'>;
    expect(() => checkQueueHandlers('ads', broken)).toThrow('no handler for ads.launch');
  });
});

describe('queue contracts', () => {
  it('gives every queue to one service', () => {
    const owned = (['tenant', 'leads', 'templates', 'ads'] as const).flatMap((owner) => queuesOwnedBy(owner));
    expect(owned.sort()).toEqual([...QUEUE_NAMES].sort());
    expect(queueOwner['tenant.provision']).toBe('tenant');
  });

  it('derives job ids BullMQ accepts, distinct per queue for the same id', () => {
    const ids = [
      jobIdOf('templates.generate', { generationId: 1 }),
      jobIdOf('ads.launch', { launchId: '0b8f3c6e-6a4e-4d55-9a34-2f1d0c7e9b11' }),
      jobIdOf('leads.deliver', { deliveryId: 1 }),
      jobIdOf('tenant.provision', { clientId: 1 }),
      jobIdOf('tenant.client-deleted', { clientId: 1 }),
      jobIdOf('leads.client-deleted', { clientId: 1 }),
    ];
    expect(ids).toEqual(['generation-1', 'launch-0b8f3c6e-6a4e-4d55-9a34-2f1d0c7e9b11', 'delivery-1', 'provision-1', 'tenant-client-deleted-1', 'leads-client-deleted-1']);
    for (const id of ids) expect(id).not.toMatch(/:|^\d+$/);
  });

  it('parses payloads strictly: ids and options only', () => {
    expect(parseJobPayload('leads.deliver', { deliveryId: 4 })).toEqual({ deliveryId: 4 });
    expect(() => parseJobPayload('leads.deliver', { deliveryId: 4, email: 'someone@example.com' })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('leads.deliver', { deliveryId: '4' })).toThrow('Invalid leads.deliver job payload: deliveryId:');
    expect(() =>
      parseJobPayload('ads.optimize', { requestId: 'not-a-uuid', templateId: 1, campaignId: 2, goal: 'improve_ctr' }),
    ).toThrow('requestId: Request id must be a UUID');
  });
});
