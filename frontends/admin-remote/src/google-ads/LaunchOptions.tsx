/** docs/campaigns.md#campaign-dialogs, docs/campaigns.md#campaign-builder: the launch's Template B switch. */
export function TemplateBSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="ads-switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Use Template B landing page style
    </label>
  );
}

/** Whether a launch asks Google for healthcare policy exceptions (requestPolicyExemption) instead of leaving flagged items out. */
export function PolicyExemptionCheck({ checked, onChange, className = '' }: { checked: boolean; onChange: (on: boolean) => void; className?: string }) {
  return (
    <label className={`ads-check ${className}`.trim()}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      If Google flags healthcare policy, request an exception (the items are saved and reviewed) instead of leaving them out
    </label>
  );
}
