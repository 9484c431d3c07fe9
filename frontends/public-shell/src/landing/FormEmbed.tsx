import { useEffect, useRef, useState } from 'react';
import { embedDocument, embedFrameHeight, reportedHeight } from './landing-rules';

/**
 * The clinic's own form code (admin-supplied HTML), only ever inside a
 * sandboxed frame (ARCHITECTURE.md#auth-and-sessions): scripts and forms run, in an opaque origin
 * (no allow-same-origin), so nothing in it can reach this page, its cookies
 * or its storage. The frame is 600 + 50 px tall and grows when the embed
 * reports a taller height (docs/public-site.md#states-and-fallbacks), up to a cap.
 */
export function FormEmbed({ code, title }: { code: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [reported, setReported] = useState<number | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only this frame's messages: other frames (and the page itself) cannot resize it.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const height = reportedHeight(event.data);
      if (height !== null) setReported(height);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const height = embedFrameHeight(reported);
  return (
    <iframe
      ref={frame}
      className="lp-embed"
      title={title}
      sandbox="allow-scripts allow-forms allow-popups"
      referrerPolicy="strict-origin-when-cross-origin"
      srcDoc={embedDocument(code)}
      height={height}
      style={{ height }}
    />
  );
}
