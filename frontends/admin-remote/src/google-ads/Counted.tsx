/** A text with its length against Google's limit (docs/campaigns.md#campaign-dialogs: per-item character counts); over it in red. */
export function Counted({ text, max }: { text: string; max: number }) {
  return (
    <li className={`ads-counted${text.length > max ? ' ads-counted--over' : ''}`}>
      <span>{text}</span>
      <span className="ads-counted__count" aria-label={`${text.length} of ${max} characters`}>
        {text.length}/{max}
      </span>
    </li>
  );
}
