import { SPEED_BANDS, type SpeedToLead } from '@hap/contracts';
import { assertAdmin, assertClinicUser, type Actor } from '@hap/service-kit';
import type { SpeedRow, SpeedToLeadRepository } from './speed-to-lead.repository';

/** Minutes to one decimal, as the screen shows them. */
const minutes = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
const figures = (row: SpeedRow | undefined) => ({
  leads: row?.leads ?? 0,
  contacted: row?.contacted ?? 0,
  medianMinutes: minutes(row?.median_minutes ?? null),
  p90Minutes: minutes(row?.p90_minutes ?? null),
});

/** Speed to lead for results (docs/speed-to-lead.md#speed-to-lead): the agency's for any clinic, the portal's for its own. */
export class SpeedToLeadService {
  constructor(private readonly repository: SpeedToLeadRepository) {}

  async forAdmin(actor: Actor, query: { clientId: number; from: string; to: string }): Promise<SpeedToLead> {
    assertAdmin(actor);
    return this.of(query.clientId, query.from, query.to);
  }

  async forPortal(actor: Actor, query: { from: string; to: string }): Promise<SpeedToLead> {
    const { clientId } = assertClinicUser(actor);
    return this.of(clientId, query.from, query.to);
  }

  private async of(clientId: number, from: string, to: string): Promise<SpeedToLead> {
    const { rows, bands } = await this.repository.figures(clientId, from, to);
    const whole = rows.find((r) => r.week === null);
    return {
      ...figures(whole),
      bands: SPEED_BANDS.map((band) => {
        const row = bands.find((b) => b.band === band);
        return { band, leads: row?.leads ?? 0, booked: row?.booked ?? 0 };
      }),
      weeks: rows.filter((r) => r.week !== null).map((r) => ({ week: r.week!, ...figures(r) })),
    };
  }
}
