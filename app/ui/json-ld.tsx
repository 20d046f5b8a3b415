import { useNonce } from "~/ui/nonce-provider";
import { serializeJsonLd, type JsonLdObject } from "~/seo/json-ld";

/**
 * Structured data block. It is not executable, but the Content-Security-Policy allows only
 * script elements that carry this response's nonce, so it carries one too.
 */
export function JsonLd({ data }: { data: JsonLdObject }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
  );
}
