import { AGE_RANGES, GENDERS, INCOME_RANGES, type DemographicExclusions } from '@hap/contracts';

type ExclusionField = keyof DemographicExclusions;

const GROUPS: ReadonlyArray<{ field: ExclusionField; legend: string; options: ReadonlyArray<{ value: string; label: string }> }> = [
  { field: 'excludedAgeRanges', legend: 'Age', options: AGE_RANGES },
  { field: 'excludedGenders', legend: 'Gender', options: GENDERS },
  { field: 'excludedHouseholdIncomes', legend: 'Household income', options: INCOME_RANGES },
];

/** The one sentence that says what a check means, wherever demographics are chosen. */
export const DEMOGRAPHICS_MEANING = 'Checked groups see the ads; unchecked ones are excluded.';

/**
 * Who sees a campaign's ads, by age, gender and household income (docs/admin.md#states: all included by default, unchecking excludes). The one control for it:
 * the Preview dialog and the campaign builder both use it. A check means
 * "sees the ads"; what it holds and sends is the exclusions (docs/admin.md#calls
 * demographicExclusions), the groups left unchecked.
 */
export function DemographicChecks({ value, onChange, disabled = false }: { value: DemographicExclusions; onChange: (next: DemographicExclusions) => void; disabled?: boolean }) {
  const toggle = (field: ExclusionField, option: string, included: boolean) => {
    const list = value[field] as string[];
    onChange({ ...value, [field]: included ? [...list, option] : list.filter((v) => v !== option) } as DemographicExclusions);
  };
  return (
    <section aria-label="Demographics" className="ads-demographics">
      <h3 className="ads-group__title">Demographics</h3>
      <p className="adm-muted">{DEMOGRAPHICS_MEANING}</p>
      {GROUPS.map(({ field, legend, options }) => (
        <fieldset key={field} className="ads-demographics__set" disabled={disabled}>
          <legend className="adm-label">{legend}</legend>
          {options.map((option) => {
            const included = !(value[field] as string[]).includes(option.value);
            return (
              <label key={option.value} className="ads-check">
                <input type="checkbox" checked={included} onChange={() => toggle(field, option.value, included)} />
                {option.label}
              </label>
            );
          })}
        </fieldset>
      ))}
    </section>
  );
}
