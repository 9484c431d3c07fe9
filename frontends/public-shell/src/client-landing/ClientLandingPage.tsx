import { usePageState } from '../state/page-context';

/** Placeholder until the page is built: the headline only. */
export function ClientLandingPage() {
  const { client, landing } = usePageState();
  return (
    <main>
      <h1>{landing?.content.template.headline ?? client.name}</h1>
    </main>
  );
}
