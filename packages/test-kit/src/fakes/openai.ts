import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake: the model's content, an HTTP error, or no answer at all. */
export type FakeModelAnswer =
  | { content: string; finishReason?: 'stop' | 'length'; /** Answer after this long (a model takes its time). */ delayMs?: number }
  | { status: number; message: string; headers?: Record<string, string> }
  | 'hang';

export interface FakeModelRequest {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  };
}

/**
 * An OpenAI-compatible chat completions server on a loopback port
 * (`POST /v1/chat/completions`, the wire the `openai` SDK speaks): answers
 * as scripted, in order (the last answer repeats; per response format name
 * with `byFormat`), and records every
 * request. Errors carry OpenAI's error envelope; `retry-after-ms` keeps the
 * SDK's retries fast.
 */
export async function startFakeOpenAI(answers: FakeModelAnswer[], options: { byFormat?: Record<string, FakeModelAnswer[]> } = {}) {
  const requests: FakeModelRequest[] = [];
  const hanging: ServerResponse[] = [];
  const script = [...answers];
  // Several services may share one fake (the e2e stack): a request asking for a named response format gets its own script.
  const scripts = new Map(Object.entries(options.byFormat ?? {}).map(([name, list]) => [name, [...list]]));
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const request = { headers: req.headers, body: JSON.parse(raw) as FakeModelRequest['body'] };
      requests.push(request);
      const own = scripts.get(request.body.response_format?.json_schema?.name ?? '');
      const list = own ?? script;
      const answer = list.length > 1 ? list.shift()! : list[0]!;
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      if ('status' in answer) {
        res
          .writeHead(answer.status, { 'content-type': 'application/json', 'retry-after-ms': '10', ...answer.headers })
          .end(JSON.stringify({ error: { message: answer.message, type: answer.status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } }));
        return;
      }
      const body = JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: requests.at(-1)!.body.model,
          choices: [{ index: 0, finish_reason: answer.finishReason ?? 'stop', message: { role: 'assistant', content: answer.content, refusal: null } }],
          usage: { prompt_tokens: 100, completion_tokens: 400, total_tokens: 500 },
        });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
