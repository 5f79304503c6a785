// Runs a provider fake (a plain request handler) on 127.0.0.1 at a free port, for tests and
// for the sandbox; the same handler can be mounted in Express under /sandbox/<provider>.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type RunningFake = { url: string; close(): Promise<void>; unref(): void };

export async function startFake(handler: FakeHandler): Promise<RunningFake> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(err) });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Lets the process exit while the fake still listens (the in-process sandbox). */
    unref: () => void server.unref(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The request body as text (Express may have parsed it already: then its raw form). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (typeof parsed === 'string') return parsed;
  if (parsed && typeof parsed === 'object') {
    const type = req.headers['content-type'] ?? '';
    return type.includes('json')
      ? JSON.stringify(parsed)
      : new URLSearchParams(parsed as Record<string, string>).toString();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, body: string, type = 'text/plain'): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A provider's hosted page in the fakes: a plain HTML form that works without JavaScript. */
export function decisionPage(title: string, lines: string[], action: string, hidden: Record<string, string> = {}): string {
  const inputs = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = ['Approve', 'Decline', 'Cancel']
    .map((label) => `<button type="submit" name="decision" value="${label.toLowerCase()}">${label}</button>`)
    .join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p><em>Sandbox: no real money moves.</em></p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<form method="post" action="${escapeHtml(action)}">${inputs}${buttons}</form></main></body></html>`;
}
