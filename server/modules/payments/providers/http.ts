// What every provider client shares: one error type and a JSON/form request with a timeout.

/** A provider answered with an error, refused our credentials, or could not be reached. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    /** The HTTP status, or 0 when the provider could not be reached. */
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

export type ProviderRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** An object is sent as JSON; URLSearchParams as a form. */
  body?: unknown;
  timeoutMs?: number;
};

export type ProviderResponse = { status: number; body: unknown; text: string };

/** Sends one request; answers whatever status came back (callers decide what an error is). */
export async function providerFetch(provider: string, url: string, req: ProviderRequest = {}): Promise<ProviderResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.body instanceof URLSearchParams) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = req.body.toString();
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(req.timeoutMs ?? 30_000),
    });
  } catch (err) {
    throw new ProviderError(provider, 0, `could not reach ${new URL(url).origin}: ${(err as Error).message}`);
  }
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed, text };
}

/** Like providerFetch, but a non-2xx answer throws a ProviderError. */
export async function providerJson<T>(provider: string, url: string, req: ProviderRequest = {}): Promise<T> {
  const res = await providerFetch(provider, url, req);
  if (res.status < 200 || res.status > 299) {
    throw new ProviderError(provider, res.status, `HTTP ${res.status} from ${new URL(url).pathname}`, res.body);
  }
  return res.body as T;
}

/** Centavos as the decimal string providers expect: 129900 -> "1299.00". */
export function pesos(centavos: number): string {
  if (!Number.isInteger(centavos) || centavos < 0) throw new RangeError(`not an amount in centavos: ${centavos}`);
  return `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** A decimal string from a provider as centavos: "1,299.00" -> 129900; NaN when unreadable. */
export function centavosOf(value: string | number): number {
  const text = String(value).replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
