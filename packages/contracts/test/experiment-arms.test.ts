import { ExperimentCreateSchema, ExperimentUpdateSchema, WEIGHT_MESSAGE, WEIGHTS_MESSAGE } from '../src';

/** The arms' rule the API and the screens' forms share: every style an experiment shows gets visitors. */
describe('experiment arms', () => {
  const start = (arms: Array<{ variant: string; weight: number }>) => ExperimentCreateSchema.safeParse({ clientId: 1, serviceId: 2, arms });
  const change = (arms: Array<{ variant: string; weight: number }>) => ExperimentUpdateSchema.safeParse({ arms });
  const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

  it('refuses a style weighted 0 with words that name it', () => {
    expect(message(start([{ variant: 'A', weight: 50 }, { variant: 'B', weight: 0 }]))).toBe('Each style needs a weight above 0: remove style B instead');
    expect(message(start([{ variant: 'A', weight: 0 }, { variant: 'B', weight: 50 }, { variant: 'C', weight: 0 }]))).toBe(
      'Each style needs a weight above 0: remove styles A and C instead',
    );
    expect(message(start([{ variant: 'A', weight: 0 }, { variant: 'B', weight: 0 }]))).toBe(WEIGHTS_MESSAGE);
  });

  it('says how to drop a style of a started experiment (which keeps its styles)', () => {
    expect(message(change([{ variant: 'A', weight: 100 }, { variant: 'C', weight: 0 }]))).toBe(
      'Each style needs a weight above 0: to drop style C, stop this experiment and start one without it',
    );
  });

  it('takes whole weights from 1 to 100', () => {
    expect(start([{ variant: 'A', weight: 1 }, { variant: 'B', weight: 100 }]).success).toBe(true);
    expect(change([{ variant: 'A', weight: 30 }, { variant: 'B', weight: 70 }]).success).toBe(true);
    for (const weight of [-1, 101, 2.5]) expect(message(start([{ variant: 'A', weight }, { variant: 'B', weight: 50 }]))).toBe(WEIGHT_MESSAGE);
  });
});
