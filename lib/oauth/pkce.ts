import { createHash } from "node:crypto";
import { safeEqual } from "@/lib/auth/tokens";

/** S256: base64url (no padding) of the SHA-256 digest of the verifier. */
function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "utf8").digest("base64url");
}

export const verifierMatches = (verifier: string, challenge: string) => safeEqual(s256(verifier), challenge);
