import { telHref } from '../home/contact-links';
import { usePageState } from '../state/page-context';

/**
 * What stands in for the lead form on a fallback service's page (docs/public-site.md#pages-and-routes reading B: a
 * clinic with no services of its own shows the shared fallback cards, each leading to the
 * shared template's page in the clinic's branding). The clinic does not offer the service yet,
 * so a lead would reach no one: the page asks the visitor to call or write to the clinic.
 */
export function FallbackServiceContact({ className }: { className?: string }) {
  const { client, landing } = usePageState();
  const service = landing?.content.service.name ?? 'this treatment';
  return (
    <div className={className} data-fallback-service="">
      <p>
        Ask {client.name} about {service}: call or write to book a consultation.
      </p>
      {client.phone ? (
        <a className="btn btn--brand" href={telHref(client.phone)}>
          Call Now
        </a>
      ) : null}
      {client.email ? (
        <a className="btn btn--outline-brand" href={`mailto:${client.email}`}>
          Contact Us
        </a>
      ) : null}
    </div>
  );
}
