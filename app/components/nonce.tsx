// The per-request CSP nonce, from entry.server to the <Scripts> and <style> of the document.

import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
