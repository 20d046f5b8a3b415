import { createContext, useContext } from "react";

// Server-only in practice: browsers hide the nonce attribute after load, so the client sees "".
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
