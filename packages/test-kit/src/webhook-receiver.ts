import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the nth request (0-based): a status, or 'hang' to never answer. */
export type HookAnswer = number | 'hang' | { status: number; headers?: Record<string, string>; body?: string };

/**
 * A clinic's webhook receiver on loopback: records every request as it came
 * (raw body, headers) and answers as the test scripts it (the last answer repeats).
 */
export async function startWebhookReceiver(answers: HookAnswer[] = [200]) {
  const received: ReceivedHook[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const answer = answers[Math.min(received.length, answers.length - 1)];
      received.push({ headers: req.headers, body });
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      const { status, headers, body: reply } = typeof answer === 'number' ? { status: answer, headers: {}, body: '' } : answer;
      res.writeHead(status, headers).end(reply ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    port,
    received,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
