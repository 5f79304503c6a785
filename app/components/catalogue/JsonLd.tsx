import { useNonce } from '../../lib/nonce';

/** Structured data in a script tag the CSP allows (the request's nonce); '<' escaped. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // Browsers hide the nonce after load, so the client's empty one differs by design.
      suppressHydrationWarning
      // JSON.stringify output with '<' escaped cannot close the script element.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
